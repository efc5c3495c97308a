import type { DB } from '@hearth/db/client';
import type { ReasoningEffort, VoicePage } from '@hearth/protocol';
import {
  composeInstructions,
  defaultTestingModule,
  defaultUserModule,
  listModuleNames,
  loadGlobalPrompt,
  sequenceBaseName,
  loadModuleVersion,
  type ModuleVersion,
} from '../features/sequences/lookup';
import { modulesForUser } from '../features/groups/isolation';
import { loadMemoryDocument } from './repository';
import type { SingleFlight } from './single-flight';

/** Runs a read, or joins an identical one already running (single-flight.ts). */
type Read = <T>(key: string, read: () => Promise<T>) => Promise<T>;
const alone: Read = (_key, read) => read();

/**
 * Which module, version and prompt a voice session runs, and the instructions composed from them (SPEC §3,
 * §4, §9). Everything comes from the database; nothing here is taken from a browser except names to look up.
 */
export class ModuleState {
  private constructor(
    private readonly page: VoicePage,
    public modules: string[],
    public current: ModuleVersion | null,
    public promptName: string,
    private readonly globalPrompt: string,
    private readonly memoryDocument: string,
    private readonly userId: string | null,
  ) {}

  /** Set on a session that goes on from a dropped one (resume.ts): its conversation, after the instructions. */
  carryOver = '';

  /** On the user page, the modules this member may use (their group's isolated module, PRODUCT §9). */
  private static async choosable(db: DB, page: VoicePage, userId: string | null, read: Read = alone): Promise<string[]> {
    // Members see only published modules, staff pages all of them (PRODUCT §10).
    if (page !== 'user') return [...(await read('modules', () => listModuleNames(db)))];
    const published = await read('published-modules', () => listModuleNames(db, { published: true }));
    return userId ? modulesForUser(db, userId, published) : [...published];
  }

  /**
   * The URL's module/version when they exist, else SPEC §9's default for the page. `reads` lets sessions that
   * start together share the reads that are the same for all of them (the module list, global prompt, versions).
   */
  static async load(
    db: DB,
    opts: { page: VoicePage; userId: string | null; module?: string; version?: number },
    reads?: SingleFlight,
  ): Promise<ModuleState> {
    const read: Read = reads ? (key, r) => reads.run(key, r) : alone;
    const member = opts.page === 'user';
    const version = (name: string, v?: number) =>
      member
        ? read(`published\0${name}`, () => loadModuleVersion(db, name, undefined, { published: true }))
        : read(`version\0${name}\0${v ?? 'latest'}`, () => loadModuleVersion(db, name, v));
    const [modules, globalPrompt, memoryDocument] = await Promise.all([
      ModuleState.choosable(db, opts.page, opts.userId, read),
      read('global', () => loadGlobalPrompt(db)),
      opts.page === 'user' && opts.userId ? loadMemoryDocument(db, opts.userId) : Promise.resolve(''),
    ]);
    let current: ModuleVersion | null = null;
    if (opts.module && ModuleState.allows(opts.page, modules, opts.module)) {
      current = (await version(opts.module, opts.version)) ?? (await version(opts.module));
    }
    if (!current) {
      const fallback = opts.page === 'user' ? defaultUserModule(modules) : defaultTestingModule(modules);
      if (fallback) current = await version(fallback);
    }
    return new ModuleState(opts.page, modules, current, current?.prompts[0]?.name ?? '', globalPrompt, memoryDocument, opts.userId);
  }

  /**
   * A member session on one given version, published or not (a test run's scratch member, PRODUCT §10): member
   * tools (no change_module), the member's memory document in the instructions, starting at `startPrompt` when the
   * version has it, else at its first prompt. Null when the module or version does not exist.
   */
  static async forMember(
    db: DB,
    opts: { userId: string; module: string; version: number; startPrompt?: string },
  ): Promise<ModuleState | null> {
    const [current, globalPrompt, memoryDocument] = await Promise.all([
      loadModuleVersion(db, opts.module, opts.version),
      loadGlobalPrompt(db),
      loadMemoryDocument(db, opts.userId),
    ]);
    if (!current || current.version !== opts.version) return null;
    const state = new ModuleState(
      'user',
      [current.name],
      current,
      current.prompts[0]?.name ?? '',
      globalPrompt,
      memoryDocument,
      opts.userId,
    );
    if (opts.startPrompt) state.selectPrompt(opts.startPrompt);
    return state;
  }

  /** End users may open only the modules listed for them; staff pages any. */
  private static allows(page: VoicePage, modules: string[], name: string): boolean {
    return page !== 'user' || modules.some((m) => m.toLowerCase() === sequenceBaseName(name).toLowerCase());
  }

  get moduleName(): string {
    return this.current?.name ?? '';
  }

  get version(): number {
    return this.current?.version ?? 0;
  }

  get versions(): number[] {
    return this.current?.versions ?? [];
  }

  /** The module offers the loneliness scale's tool (issue 24). */
  get wellbeing(): boolean {
    return this.current?.wellbeing ?? false;
  }

  /** What the active prompt asks of a reasoning model (its `reasoning_effort`), if anything. */
  get reasoningEffort(): ReasoningEffort | undefined {
    return this.current?.prompts.find((p) => p.name === this.promptName)?.reasoning_effort;
  }

  /** `carryOver`: another note than this state's (a renewed upstream session's, before it takes over). */
  instructions(carryOver = this.carryOver): string {
    const composed = composeInstructions({
      globalPrompt: this.globalPrompt,
      modulePrompt: this.current?.modulePrompt ?? '',
      prompt: this.current?.prompts.find((p) => p.name === this.promptName) ?? null,
      userPage: this.page === 'user',
      memoryDocument: this.memoryDocument,
    });
    return carryOver ? `${composed}\n\n${carryOver}` : composed;
  }

  /** change_prompt accepts only the exact name of one of the version's prompts (SPEC §4). */
  selectPrompt(name: string): boolean {
    if (!this.current?.prompts.some((p) => p.name === name)) return false;
    this.promptName = name;
    return true;
  }

  /**
   * A module (latest version unless given; on the user page always the published one) starting at its first prompt;
   * false when there is no such module/version.
   */
  async selectModule(db: DB, name: string, version?: number): Promise<boolean> {
    if (!ModuleState.allows(this.page, this.modules, name)) return false;
    const next = await loadModuleVersion(db, name, version, { published: this.page === 'user' });
    if (!next) return false;
    this.current = next;
    this.promptName = next.prompts[0]?.name ?? '';
    this.modules = await ModuleState.choosable(db, this.page, this.userId);
    return true;
  }
}
