// An asynchronous boundary: the shared singletons (react, ...) are negotiated with the remotes
// before the first module that uses them runs.
import('./bootstrap').catch((error: unknown) => console.error('Platzbuchung konnte nicht starten', error));
