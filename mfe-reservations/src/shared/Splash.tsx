/** The loading notice of a screen or area: a spinner and the original client's text, announced politely. */
export function Splash({ text }: { text: string }) {
  return (
    <div className="res-splash" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}
