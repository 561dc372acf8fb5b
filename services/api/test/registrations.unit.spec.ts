/**
 * Registrations that cannot be forgotten (docs/adding-a-change.md): a new kind of change that left
 * out its projection, its place in the member's export, its routes or its notice rules would compile
 * and fail without a word, so these walk the catalogue, the route folder and the mail kinds and
 * fail instead.
 */
import { readdirSync } from 'node:fs';
import type Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { eventTypes, streamTypes } from '@platzbuchung/domain/events/catalogue';
import { noticeKinds } from '@platzbuchung/domain/mail/notices';
import { ownStreamSections, streamsInTheExport } from '../src/accounts/export';
import { appRouters } from '../src/app';
import type { AppDeps } from '../src/deps';
import type { AppState } from '../src/http/context';
import { noticeRuleSets } from '../src/notifications/notices';
import { projections } from '../src/projections/registry';
import { stubDeps } from './support/stub-deps';

describe('a kind of change registers itself', () => {
  it('every event type of the catalogue is applied by a projection: none is appended and never read', () => {
    const applied = new Set(projections.flatMap((projection) => projection.handles));
    expect(eventTypes.filter((type) => !applied.has(type))).toEqual([]);
  });

  it('every stream type has its place in the member’s export, and each own part its section', () => {
    expect(Object.keys(streamsInTheExport).sort()).toEqual([...streamTypes].sort());
    const shared = new Set(['bookings', 'membership', 'actions_in_the_club']);
    for (const [streamType, part] of Object.entries(streamsInTheExport)) {
      if (shared.has(part)) continue;
      expect(ownStreamSections, part).toHaveProperty(part);
      expect(ownStreamSections[part as keyof typeof ownStreamSections].streamType).toBe(streamType);
    }
  });
});

const routesOf = (router: Router<AppState>) =>
  router.stack.map((layer) => `${layer.methods.join(',')} ${layer.path}`);

describe('a route group registers itself', () => {
  it('every route group in src/routes is mounted by the app: none answers 404 for being forgotten', async () => {
    const deps = stubDeps();
    const mounted = new Set(appRouters(deps).flatMap(routesOf));
    const files = readdirSync(new URL('../src/routes/', import.meta.url)).filter((file) =>
      file.endsWith('.ts'),
    );
    const factories: string[] = [];
    for (const file of files) {
      const module: Record<string, unknown> = await import(`../src/routes/${file}`);
      for (const [name, value] of Object.entries(module)) {
        if (!name.endsWith('Routes') || typeof value !== 'function') continue;
        factories.push(name);
        const router = (value as (deps: AppDeps) => Router<AppState>)(deps);
        const missing = routesOf(router).filter((route) => !mounted.has(route));
        expect(missing, `${file}: ${name} is not in appRouters (src/app.ts)`).toEqual([]);
      }
    }
    expect(factories.length).toBeGreaterThanOrEqual(files.length - 1);
  });
});

describe('a mail kind registers its rules', () => {
  it('every notice kind is caused by a listed set of notice rules', () => {
    const caused = new Set(noticeRuleSets.flatMap((set) => set.causes));
    expect(noticeKinds.filter((kind) => !caused.has(kind))).toEqual([]);
  });
});
