/**
 * What a box that scrolls sideways says (apps/web/src/components/scroll-box.tsx): the
 * hint under a table wider than the screen. The box's own name is its table's, given by
 * the screen that draws it.
 */
export const scrollBoxTexts = {
  hint: 'Scroll sideways to see every column',
} as const;
