/** Work a stopping server must finish before the database closes (live voice sessions and their post-chat). */
export class Shutdown {
  private readonly hooks: Array<() => Promise<void>> = [];

  add(hook: () => Promise<void>) {
    this.hooks.push(hook);
  }

  async run(): Promise<void> {
    await Promise.allSettled(this.hooks.map((hook) => hook()));
  }
}
