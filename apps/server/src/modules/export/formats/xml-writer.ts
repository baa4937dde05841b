/**
 * XML written as text, one element at a time, indented two spaces a level. A DOM-building writer
 * such as xmlbuilder2's makes a document fragment for every element it writes: seconds of CPU
 * for a GPX of 5,000 spots.
 */

const textEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const attributeEscapes: Record<string, string> = { ...textEscapes, '"': '&quot;' };

/**
 * Any text as it is: every `&` is written `&amp;` (so a note saying "&amp;" reads back as
 * "&amp;"), and `<` and `>` (so no "]]>" appears). The contract refuses control characters, so
 * nothing else needs escaping.
 */
export const escapeText = (text: string): string =>
  text.replace(/[&<>]/g, (char) => textEscapes[char] ?? char);

const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"]/g, (char) => attributeEscapes[char] ?? char);

export type Attributes = Readonly<Record<string, string>>;

const attributesOf = (attributes: Attributes | undefined): string =>
  attributes
    ? Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('')
    : '';

/**
 * An XML document written in order: `open` an element, write its children, `close` it. What
 * was written is kept until `take`n, so a format yields the text of each spot as it goes. An
 * element closed without children is written `<name/>`.
 */
export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private readonly names: string[] = [];
  /** The last start tag still lacks its `>`: an element closed next is empty. */
  private startTagOpen = false;

  private line(text: string): void {
    if (this.startTagOpen) this.parts.push('>');
    this.startTagOpen = false;
    this.parts.push(`\n${'  '.repeat(this.names.length)}${text}`);
  }

  open(name: string, attributes?: Attributes): this {
    this.line(`<${name}${attributesOf(attributes)}`);
    this.names.push(name);
    this.startTagOpen = true;
    return this;
  }

  close(): this {
    const name = this.names.pop();
    if (name === undefined) throw new Error('no element is open');
    if (this.startTagOpen) {
      this.parts.push('/>');
      this.startTagOpen = false;
    } else {
      this.line(`</${name}>`);
    }
    return this;
  }

  /** `<name>text</name>` on one line, written even when the text is empty. */
  text(name: string, text: string, attributes?: Attributes): this {
    this.line(`<${name}${attributesOf(attributes)}>${escapeText(text)}</${name}>`);
    return this;
  }

  /** `<name>text</name>`, or nothing for an empty or missing value. */
  optionalText(name: string, text: string | undefined): this {
    return text ? this.text(name, text) : this;
  }

  /** An element with no children: `<name a="…"/>`. */
  empty(name: string, attributes?: Attributes): this {
    return this.open(name, attributes).close();
  }

  /** What was written since the last take. */
  take(): string {
    return this.parts.splice(0).join('');
  }
}
