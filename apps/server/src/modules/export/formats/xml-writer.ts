import { createCB } from 'xmlbuilder2';

export type XmlBuilder = ReturnType<typeof createCB>;

/**
 * xmlbuilder2's streaming writer (it escapes every text and attribute), with what it wrote
 * kept until taken: a format writes one spot, then yields what that made.
 */
export function xmlWriter(): { xml: XmlBuilder; take(): string } {
  const chunks: string[] = [];
  const xml = createCB({ data: (chunk: string) => chunks.push(chunk), prettyPrint: true });
  xml.dec({ version: '1.0', encoding: 'UTF-8' });
  return { xml, take: () => chunks.splice(0).join('') };
}

/**
 * Any text as it is. xmlbuilder2 escapes `<`, `>` and a lone `&`, but takes `&amp;` (and the
 * other four predefined entities) in a text for an entity already written and leaves it, so a
 * note saying "&amp;" would come back as "&". Doubling every `&` first makes each one an
 * `&amp;` that it leaves alone: the reader gets the text back exactly.
 */
export const literal = (text: string): string => text.replaceAll('&', '&amp;');

/** `<name>text</name>`, or nothing for an empty value. */
export function textElement(xml: XmlBuilder, name: string, text: string | undefined): void {
  if (text) xml.ele(name).txt(literal(text)).up();
}
