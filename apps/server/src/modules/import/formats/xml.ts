import { SaxesParser, type SaxesTagNS } from 'saxes';
import { importError } from '../../../lib/import-error.ts';
import { importLimits } from '../limits.ts';
import { textChunks, type Pace } from '../reading.ts';

/**
 * One element of the file, kept only while its reader needs it (a waypoint, a placemark): the
 * rest of the document streams past without being held.
 */
export interface XmlElement {
  local: string;
  uri: string;
  /** By qualified name, as getAttribute reads them. */
  attributes: Record<string, string>;
  /** Child elements and text, in document order. */
  nodes: (XmlElement | string)[];
  /** The line its start tag is on. */
  line: number;
}

/** What a format reads from the stream of elements. */
export interface XmlReading {
  /** What the kept elements are, in the messages of their limits ("waypoint", "placemark"). */
  kept: string;
  /** The root element's local name; another root is refused with `notRoot`. */
  root: string;
  notRoot: string;
  /** Whether an element (by local name and depth, the root at 1) is kept whole and handed over. */
  keep(local: string, depth: number): boolean;
  /** A kept element, once closed. */
  take(element: XmlElement): void;
}

const notWellFormed = (message: string) =>
  importError(`The file is not well-formed XML: ${message.split('\n')[0] ?? 'unreadable'}`);

/**
 * Streams the file's XML (refused, 400, unless well-formed UTF-8), handing over each element
 * `keep` picks. Any DOCTYPE is refused as soon as it is seen: a document type is where entities
 * are declared (billion laughs, external files), and neither GPX nor KML needs one. Elements
 * nested deeper than the limit, an element of too many attributes and a kept element of too many
 * elements are refused too (importLimits), each as soon as it is counted.
 */
export async function streamXml(
  source: AsyncIterable<Buffer>,
  reading: XmlReading,
  pace: Pace,
): Promise<void> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  /** The elements being kept, outermost first; empty outside a kept element. */
  const open: XmlElement[] = [];
  let depth = 0;
  let startLine = 1;
  let attributes = 0;
  /** Elements in the kept element being read, itself included. */
  let keptElements = 0;
  parser.on('error', (error) => {
    // A prefix nobody declared (common in hand-made KML) is not worth refusing the file for.
    if (/unbound namespace prefix/i.test(error.message)) return;
    throw notWellFormed(error.message);
  });
  parser.on('doctype', () => {
    throw importError('The file declares a DOCTYPE, which is not allowed');
  });
  parser.on('opentagstart', () => {
    startLine = parser.line;
    attributes = 0;
  });
  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > importLimits.attributesPerElement)
      throw importError(
        `The file has an element of more than ${importLimits.attributesPerElement} attributes`,
      );
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    if (depth > importLimits.depth)
      throw importError(`The file nests elements deeper than ${importLimits.depth} levels`);
    if (depth === 1 && tag.local !== reading.root) throw importError(reading.notRoot);
    const parent = open.at(-1);
    if (!parent && !reading.keep(tag.local, depth)) return;
    keptElements = parent ? keptElements + 1 : 1;
    if (keptElements > importLimits.elementsPerSpot)
      throw importError(
        `A ${reading.kept} of the file holds more than ${importLimits.elementsPerSpot} elements; a spot has far fewer`,
      );
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) {
      attributes[name] = attribute.value;
    }
    const element: XmlElement = {
      local: tag.local,
      uri: tag.uri,
      attributes,
      nodes: [],
      line: startLine,
    };
    parent?.nodes.push(element);
    open.push(element);
  });
  parser.on('closetag', () => {
    depth -= 1;
    const element = open.pop();
    if (element && open.length === 0) reading.take(element);
  });
  const addText = (text: string) => {
    open.at(-1)?.nodes.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  for await (const text of textChunks(source)) {
    parser.write(text);
    await pace();
  }
  parser.close();
}

/** The element's text, its descendants' included (the DOM's textContent). */
export function textOf(element: XmlElement): string {
  let text = '';
  for (const node of element.nodes) text += typeof node === 'string' ? node : textOf(node);
  return text;
}

/** The children of `parent` named `name` (local name: any namespace prefix). */
export function childrenNamed(parent: XmlElement, name: string): XmlElement[] {
  return parent.nodes.filter(
    (node): node is XmlElement => typeof node !== 'string' && node.local === name,
  );
}

/** The descendants of `parent` named `name`, in document order (getElementsByTagName). */
export function descendantsNamed(parent: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (element: XmlElement) => {
    for (const node of element.nodes) {
      if (typeof node === 'string') continue;
      if (node.local === name) found.push(node);
      visit(node);
    }
  };
  visit(parent);
  return found;
}

/** The trimmed text of the first child named `name`, if any. */
export function childText(parent: XmlElement, name: string): string | undefined {
  const [child] = childrenNamed(parent, name);
  const text = child ? textOf(child).trim() : undefined;
  return text ? text : undefined;
}

/** "waypoint 3 (line 12)": where a spot was, for the problems list. */
export function placeOf(kind: string, index: number, element: XmlElement): string {
  return `${kind} ${index + 1} (line ${element.line})`;
}
