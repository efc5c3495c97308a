import { expect, test } from 'bun:test';

import { typedMood } from './turn-tools';

test('typed tone scores from -3 to 3 and says nothing when no word carries mood', () => {
  expect(typedMood('I love gardening and I am so happy here')).toBe(2);
  expect(typedMood('Tired, lonely, sad and worried, and I hate mornings')).toBe(-3);
  expect(typedMood('I like chess but I am tired')).toBe(0);
  expect(typedMood('Sounds good, great, wonderful, amazing!')).toBe(3);
  expect(typedMood('I live in Leeds')).toBeNull();
});
