/**
 * Shows one remote screen inside the shell. Whatever fails (the manifest, the entry script, a
 * chunk, or the screen's own rendering) stays inside this area: a German notice with a retry.
 */
import { Component, useDeferredValue, type ErrorInfo, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { HostContract } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import { uiTexts } from '@platzbuchung/ui/texts';
import { areaMachine, type AreaScreen } from './area-machine';
import { isRemoteConfigured, loadScreen, loadedScreen, type RemoteScreen } from './federation';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';

const providedAreaMachine = areaMachine.provide({
  actors: {
    loadScreen: fromPromise<RemoteScreen, AreaScreen & { fresh: boolean }>(({ input }) =>
      loadScreen(input.remote, input.module, input.fresh),
    ),
  },
});

interface RemoteAreaProps extends AreaScreen {
  host: HostContract;
}

export function RemoteArea(props: RemoteAreaProps) {
  // A remote that is not deployed yet is not an error: its area is simply announced.
  if (!isRemoteConfigured(props.remote)) return <AreaPlaceholder />;
  // Keyed so a different screen gets a fresh machine instead of the previous screen's state.
  return <LoadedArea key={`${props.remote}/${props.module}`} {...props} />;
}

function LoadedArea({ remote, module, host }: RemoteAreaProps) {
  const [current, send] = useMachine(providedAreaMachine, {
    input: { remote, module, loaded: loadedScreen(remote, module) },
  });
  // A screen's first render is a large tree: rendered in the background, React cuts it into short
  // tasks, so the page keeps answering while it appears (the loading line stays until then).
  const snapshot = useDeferredValue(current);
  const Screen = snapshot.context.screen;

  if (snapshot.hasTag('loading')) {
    return (
      <p className="area-status" role="status">
        {texts.loading}
      </p>
    );
  }
  if (snapshot.matches('loaded') && Screen) {
    return (
      <AreaErrorBoundary onError={() => send({ type: 'area.crashed' })}>
        <Screen host={host} />
      </AreaErrorBoundary>
    );
  }
  if (snapshot.matches('incompatible')) {
    return (
      <FailureNotice
        message={uiTexts.areaIncompatible}
        onRetry={() => send({ type: 'area.retry' })}
        className="area-failed area-incompatible"
      />
    );
  }
  return <AreaFailed onRetry={() => send({ type: 'area.retry' })} />;
}

function AreaFailed({ onRetry }: { onRetry: () => void }) {
  return <FailureNotice message={uiTexts.areaLoadFailed} onRetry={onRetry} className="area-failed" />;
}

function AreaPlaceholder() {
  return (
    <div className="notice notice--info" role="status">
      <p>Dieser Bereich steht in Kürze zur Verfügung.</p>
    </div>
  );
}

interface BoundaryProps {
  onError: () => void;
  children: ReactNode;
}

/** React needs a class to catch render errors; it only reports them to the area machine. */
class AreaErrorBoundary extends Component<BoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Ein Bildschirm eines Remotes ist beim Zeichnen gescheitert', error, info.componentStack);
    this.props.onError();
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}
