import { describe, expect, it } from 'vitest';
import {
  COUNTED_KINDS,
  ENTRY_KINDS,
  kindRunsBy,
  postingOf,
  posts,
  postsWith,
  type EntryKind,
} from '../../src/settings/entry-kinds.js';

describe('the table of entry kinds', () => {
  it('says which ways the daemon runs each kind', () => {
    const ways = (kind: EntryKind) => (['event', 'record', 'http'] as const).filter((way) => kindRunsBy(kind, way));
    expect(Object.fromEntries(Object.keys(ENTRY_KINDS).map((kind) => [kind, ways(kind as EntryKind)]))).toEqual({
      bridge: ['event', 'record'],
      sync: ['record'],
      http: ['event', 'record', 'http'],
      plain: [],
      other: [],
    });
  });

  it("recognises a hook posting to hookd's endpoint by its type and URL, and no other", () => {
    const url = 'http://127.0.0.1:14653/hooks/v1/Stop?command=say%20hi';
    expect(postingOf('http', url)).toMatchObject({
      kind: 'http',
      hookd: { event: 'Stop', command: 'say hi', port: 14653 },
    });
    expect(postingOf('http', url)?.posting).toEqual({ type: 'http', prefix: '/hooks/v1/', way: 'http' });
    expect(postingOf('command', url)).toBeUndefined();
    expect(postingOf('http', 'https://example.com/hooks/v1/Stop?command=x')).toBeUndefined();
    expect(postingOf('http', undefined)).toBeUndefined();
    expect([postsWith('http'), postsWith('command'), postsWith(undefined)]).toEqual([true, false, false]);
  });

  it('says which kinds post to hookd (doctor checks their port’s owner), from each row’s posting alone', () => {
    const posting = (Object.keys(ENTRY_KINDS) as EntryKind[]).filter(posts);
    expect(posting).toEqual((Object.keys(ENTRY_KINDS) as EntryKind[]).filter((kind) => 'posting' in ENTRY_KINDS[kind]));
    expect(posting).toContain('http');
    expect(posts('bridge')).toBe(false);
  });

  it('counts for doctor the kinds the daemon sees, the bridge first', () => {
    expect(COUNTED_KINDS.map(({ kind }) => kind)).toEqual(['bridge', 'sync', 'http']);
  });
});
