import { describe, expect, test } from 'bun:test';
import { localMemberDescription, localSubgroupName, personalWords } from './text-ai-local-subgroups';

// Faker's cities are the places test profiles name; these shapes leaked into subgroup texts before.
const PLACES = ['Zieme-Sipesberg', 'McKenzieview', "O'Reillyside", 'Kuhic-Gutkowskishire', 'Louisville/Jefferson County', 'Port St. Lucie'];

describe('personal words of the local subgroup texts', () => {
  test('every word of a capitalised place inside a sentence counts, however the place is written', () => {
    for (const place of PLACES) {
      const found = personalWords([`Ann is a baker from ${place} who loves hiking.`], ['Ann']);
      const parts = place
        .toLowerCase()
        .split(/[\s/'-]+|\.\s*/)
        .filter((w) => w.length > 1 && !['port', 'st', 'county'].includes(w));
      for (const part of parts) expect({ place, part, found: found.has(part) }).toEqual({ place, part, found: true });
    }
  });

  test("a sentence's first word is not a name", () => {
    expect(personalWords(['Pottery is what I love. Hiking too.'], [])).not.toContain('pottery');
    expect(personalWords(['Pottery is what I love. Hiking too.'], [])).not.toContain('hiking');
  });

  test('names and descriptions of a group whose members live in such places never name them', () => {
    const profiles = PLACES.map((place, i) => `Member${i} is a baker from ${place} who loves hiking, pottery and chess.`);
    const names = PLACES.map((_, i) => `Member${i}`);
    const group = localSubgroupName(profiles.join('\n---\n'), '', names, new Set());
    const descriptions = profiles.map((p, i) => localMemberDescription(p, `${group.name}\n${group.description}`, names[i], new Set()));
    const text = [group.name, group.description, ...descriptions].join(' ').toLowerCase();
    for (const word of ['zieme', 'sipesberg', 'mckenzieview', 'reillyside', 'gutkowskishire', 'jefferson', 'lucie']) {
      expect({ word, used: text.includes(word) }).toEqual({ word, used: false });
    }
    expect(text).toContain('hiking');
  });
});
