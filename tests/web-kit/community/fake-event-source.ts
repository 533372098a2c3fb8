/**
 * EventSource for jsdom (which has none): each page's stream is kept in `FakeEventSource.instances`, and a test
 * sends it events with `emit`. Install with `vi.stubGlobal('EventSource', FakeEventSource)`.
 */
export class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;

  readonly url: string;
  readyState = FakeEventSource.OPEN;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  /** The newest stream that is still open. */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.instances.findLast((source) => source.readyState !== FakeEventSource.CLOSED);
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  /** Delivers `event: <type>` with `data: <JSON>`, as the server's stream would. */
  emit(type: string, data: unknown): void {
    this.dispatchEvent(
      new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/**
 * IntersectionObserver for jsdom: nothing intersects until a test calls `FakeIntersectionObserver.intersectAll()`,
 * as if the member scrolled the observed elements into view.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly targets = new Set<Element>();

  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.instances.push(this);
  }

  static reset(): void {
    FakeIntersectionObserver.instances = [];
  }

  static intersectAll(): void {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.targets].map(
        (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }

  observe(target: Element): void {
    this.targets.add(target);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
