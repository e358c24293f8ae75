/**
 * A string built from many short pieces, never by `+=`: V8 keeps `out += piece` as a rope of
 * one node (32 bytes) per piece until it is read, so escaping a value of millions of characters
 * one reference at a time (a 16 MB href of `&amp`: 4 M `&` written back as `&amp;`) held some
 * 130 MB of rope for a 20 MB result. Pieces are joined into flat blocks as they come; shared by
 * the decoder (extract/html/decode.ts) and the rewrite's escapes (src/rewrite/escape-*.ts).
 *
 * @example
 * const out = new StringBuilder();
 * out.add('a');
 * out.add('&amp;');
 * out.text(); // 'a&amp;'
 */
export class StringBuilder {
	/** Units added so far. */
	length = 0;
	private readonly blocks: string[] = [];
	private pieces: string[] = [];

	add(piece: string): void {
		if (piece.length === 0) return;
		this.length += piece.length;
		this.pieces.push(piece);
		if (this.pieces.length >= BLOCK_PIECES) this.flush();
	}

	/** The string built (the builder may go on after). */
	text(): string {
		this.flush();
		if (this.blocks.length > 1) this.blocks.splice(0, this.blocks.length, this.blocks.join(''));
		return this.blocks[0] ?? '';
	}

	private flush(): void {
		if (this.pieces.length === 0) return;
		this.blocks.push(this.pieces.join(''));
		this.pieces = [];
	}
}

/** Pieces joined into one flat block at a time. */
const BLOCK_PIECES = 4096;
