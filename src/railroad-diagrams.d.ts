// Types for railroad-diagrams 1.0.0 (Tab Atkins Jr., CommonJS) as src/diagrams.ts uses it: node classes callable with or without `new`, and their DOM-free
// `toString()`. Only what the package defines; src/diagrams.ts sets `tagName`, `attrs` and `children` on nodes for classes and links.
declare module "railroad-diagrams" {
  namespace railroad {
    /** A child of a node: another node, or markup the string form writes as it is. */
    type Child = Node | string;

    /** Every node (the package's FakeSVG): an SVG element and, once laid out, its size. */
    interface Node {
      tagName: string;
      attrs: Record<string, string | number>;
      /** Text content (escaped when written) or child nodes (written as they are). */
      children: Child[] | string;
      readonly width: number;
      readonly up: number;
      readonly down: number;
      readonly needsSpace?: boolean;
      format(x: number, y: number, width: number): this;
      toString(): string;
    }

    /** The whole diagram; `format(padding...)` lays it out, `toString()` formats it first when needed. */
    interface DiagramNode extends Node {
      format(paddingTop?: number, paddingRight?: number, paddingBottom?: number, paddingLeft?: number): this;
    }

    type Item = Node | string;

    interface Railroad {
      Diagram(...items: Item[]): DiagramNode;
      ComplexDiagram(...items: Item[]): DiagramNode;
      Sequence(...items: Item[]): Node;
      /** `normal` is the index of the item drawn on the main line. */
      Choice(normal: number, ...items: Item[]): Node;
      /** `skip === "skip"` draws the bypass on the main line. */
      Optional(item: Item, skip?: "skip"): Node;
      /** `rep` is drawn on the way back (a Comment, say). */
      OneOrMore(item: Item, rep?: Item): Node;
      ZeroOrMore(item: Item, rep?: Item, skip?: "skip"): Node;
      Terminal(text: string): Node;
      NonTerminal(text: string): Node;
      Comment(text: string): Node;
      Skip(): Node;
    }
  }

  const railroad: railroad.Railroad;
  export = railroad;
}
