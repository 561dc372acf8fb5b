import { Worker } from 'node:worker_threads';

/**
 * Runs a TypeScript module in a worker thread and answers its one message. The module is loaded
 * through tsx, as the service's own code is, whatever started this process (the CLI, the API or
 * the test runner).
 */
export function runWorker<Task, Answer>(module: URL, task: Task): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`,
      { eval: true, workerData: task },
    );
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      resolve(answer);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`worker ${module.pathname} stopped (${code}) without an answer`));
    });
  });
}
