/** Types of bench/tokens-shapes.mjs. */
export interface Shape {
	group: 'many' | 'unfinished';
	type: 'html' | 'xhtml' | 'css' | 'text';
	prefix: string;
	unit: string;
	suffix: string;
	options?: {textLinks?: boolean};
}
export const SHAPES: Record<string, Shape>;
