/** What every screen shows when something could not be loaded: the reason and one retry button. */
import { uiTexts } from '../texts';

export function FailureNotice({
  message,
  onRetry,
  className,
}: {
  message: string | null;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`notice notice--error${className ? ` ${className}` : ''}`} role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {uiTexts.retry}
      </button>
    </div>
  );
}
