import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Every island renders inside this: a failure shows the spec's fallback instead of a blank space. */
export class IslandErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Island failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-card border border-line bg-white/70 p-8 text-center">
        <h2 className="text-xl font-semibold">Unexpected Application Error!</h2>
        <p className="mt-2 text-muted">This part of the page could not be shown. Reloading the page usually helps.</p>
      </div>
    );
  }
}
