import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { importError } from '../../../lib/import-error.ts';

/**
 * The file as an XML document, refused (400) unless well-formed. Any DOCTYPE is refused before
 * parsing: a document type is where entities are declared (billion laughs, external files),
 * and neither GPX nor KML needs one.
 */
export function parseXml(text: string): Document {
  if (/<!DOCTYPE/i.test(text))
    throw importError('The file declares a DOCTYPE, which is not allowed');
  let document: Document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable';
    throw importError(`The file is not well-formed XML: ${reason}`);
  }
  return document;
}

/** The children of `parent` named `name` (local name: any namespace prefix). */
export function childrenNamed(parent: Element, name: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (node as Element).localName === name)
      out.push(node as Element);
  }
  return out;
}

/** The trimmed text of the first child named `name`, if any. */
export function childText(parent: Element, name: string): string | undefined {
  const text = childrenNamed(parent, name)[0]?.textContent?.trim();
  return text ? text : undefined;
}

/** "waypoint 3 (line 12)": where a spot was, for the problems list. */
export function placeOf(kind: string, index: number, element: Element): string {
  return element.lineNumber
    ? `${kind} ${index + 1} (line ${element.lineNumber})`
    : `${kind} ${index + 1}`;
}
