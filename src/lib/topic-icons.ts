/**
 * The topic icons, which content files may name: their schemas (src/content/schemas/fields.ts) and the
 * editor (src/cms/fields.ts) accept exactly these keys. Plain data without JSX, kept in lib so that
 * content and the editor read the names without importing a component (src/components/icons/Icon.tsx
 * draws them).
 */
export const topicPaths = {
  agent: [
    'M12 3v3',
    'M7 9h10a3 3 0 0 1 3 3v4a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-4a3 3 0 0 1 3-3Z',
    'M9.5 13.5h.01',
    'M14.5 13.5h.01',
    'M10 16.5h4',
  ],
  flask: ['M9 3h6', 'M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3', 'M7 15h10'],
  plug: ['M9 2v5', 'M15 2v5', 'M6 7h12v4a6 6 0 0 1-12 0Z', 'M12 17v5'],
  ecosystem: [
    'M12 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
    'M5 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
    'M19 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
    'M10.5 8.5 6.5 15.5',
    'M13.5 8.5l4 7',
    'M8 18h8',
  ],
  radar: ['M12 12 19 5', 'M21 12a9 9 0 1 1-9-9', 'M17 12a5 5 0 1 1-5-5', 'M12 12h.01'],
  pipeline: ['M3 6h13', 'M3 12h9', 'M3 18h5', 'M17 4l4 2-4 2', 'M14 10l4 2-4 2'],
  sandbox: ['M4 8l8-4 8 4-8 4Z', 'M4 8v8l8 4 8-4V8', 'M12 12v8'],
  'shield-check': ['M12 3 5 6v6c0 4.2 3 7.7 7 9 4-1.3 7-4.8 7-9V6Z', 'm9 12 2 2 4-4'],
  culture: [
    'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
    'M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
    'M3 20c0-3 2.2-5 5-5s5 2 5 5',
    'M13 16.5c.8-1 1.9-1.5 3-1.5 2.8 0 5 2 5 5',
  ],
  command: ['M4 5h16v11H4Z', 'M8 20h8', 'M12 16v4', 'M7 12l3-3 2 2 4-4'],
  compass: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'm15.5 8.5-2 5-5 2 2-5Z'],
  people: [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
    'M2 21c0-3.9 3.1-7 7-7s7 3.1 7 7',
    'M16 3.5a4 4 0 0 1 0 7.5',
    'M19 14.5c1.8 1.1 3 3.1 3 5.5',
  ],
  layers: ['m12 3 9 5-9 5-9-5Z', 'm3 13 9 5 9-5', 'm3 17.5 9 5 9-5'],
  spark: [
    'M12 3v4',
    'M12 17v4',
    'M3 12h4',
    'M17 12h4',
    'm6 6 2.5 2.5',
    'm15.5 15.5 2.5 2.5',
    'm6 18 2.5-2.5',
    'm15.5 8.5 2.5-2.5',
  ],
} satisfies Record<string, string[]>;

export type TopicIconName = keyof typeof topicPaths;

/** The icons a content file may name, read from the map above (the content schemas' `icon()` uses them). */
export const topicIconNames = Object.keys(topicPaths) as [TopicIconName, ...TopicIconName[]];
