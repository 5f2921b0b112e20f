// Notices a response that has gone quiet. The SDK's own timeout ends once the headers arrive, and the SDK swallows
// the stream's keep-alive `ping` events (`Stream.fromSSEResponse` skips them), so watching parsed events alone would
// cut a model that is still thinking in silence: the API keeps such a stream alive with pings
// (https://platform.claude.com/docs/en/build-with-claude/streaming). The watch therefore sees the raw bytes, pings
// included, through a fetch that passes every chunk by it.

export class StallWatch {
  readonly #controller = new AbortController();
  readonly signal: AbortSignal;
  #timer: ReturnType<typeof setTimeout> | undefined;
  fired = false;

  constructor(
    private readonly ms: number,
    outer: AbortSignal,
  ) {
    this.signal = AbortSignal.any([outer, this.#controller.signal]);
  }

  /** (Re)arms the watch: on the response's start and on every chunk of its body. */
  touch(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.fired = true;
      this.#controller.abort();
    }, this.ms);
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }
}

/** `base`, with every response body chunk reported to `onChunk` as it arrives. */
export function watchedFetch(base: typeof fetch, onChunk: () => void): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onChunk();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
