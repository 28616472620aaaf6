/** Runs at most `size` tasks at once; later ones wait their turn, in order. */
export class FetchSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over, active unchanged
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** Slots per host, shared by every render of this thread; a host's entry goes when it is idle. */
const hostSlots = new Map<string, FetchSlots>();

/** Run `task` holding one of `perHost` connections to `host`. */
export async function withHostSlot<T>(host: string, perHost: number, task: () => Promise<T>): Promise<T> {
  let slots = hostSlots.get(host);
  if (!slots) hostSlots.set(host, (slots = new FetchSlots(perHost)));
  try {
    return await slots.run(task);
  } finally {
    if (slots.idle && hostSlots.get(host) === slots) hostSlots.delete(host);
  }
}
