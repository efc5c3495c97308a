import { Elysia } from 'elysia';

// Placeholder until the web build is served (replaced by the web shell work).
export const webPlugin = (_distDir: string) => new Elysia({ name: 'web' });
