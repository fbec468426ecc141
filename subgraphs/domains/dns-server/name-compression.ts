/**
 * Compresses the owner names of an encoded DNS message (RFC 1035 4.1.4): a name, or its tail, written before is replaced
 * by a pointer to it. dns-packet encodes every name in full, so a DNSSEC answer repeats the zone name in every record.
 * Names inside RDATA stay as written (always valid; RFC 4034 forbids compressing some of them), and names match byte for
 * byte, so the case of the question as asked is kept. A message that is not what dns-packet writes comes back as given.
 */
export function compressOwnerNames(wire: Buffer): Buffer {
  if (wire.length < 12) return wire;
  const out = Buffer.allocUnsafe(wire.length);
  wire.copy(out, 0, 0, 12);
  const seen = new Map<string, number>();
  let read = 12;
  let written = 12;

  const copy = (length: number) => {
    if (read + length > wire.length) throw new RangeError('truncated message');
    wire.copy(out, written, read, read + length);
    read += length;
    written += length;
  };
  const name = () => {
    const labels: Buffer[] = [];
    for (;;) {
      const length = wire[read];
      if (length === undefined || length > 63) throw new RangeError('not an uncompressed name');
      if (length === 0) break;
      labels.push(wire.subarray(read, read + 1 + length));
      read += 1 + length;
    }
    read += 1;
    for (let i = 0; i < labels.length; i++) {
      const suffix = Buffer.concat(labels.slice(i)).toString('latin1');
      const earlier = seen.get(suffix);
      if (earlier !== undefined) {
        out.writeUInt16BE(0xc000 | earlier, written);
        written += 2;
        return;
      }
      // A pointer holds 14 bits of offset.
      if (written < 0x4000) seen.set(suffix, written);
      labels[i]!.copy(out, written);
      written += labels[i]!.length;
    }
    out[written++] = 0;
  };

  try {
    const [questions, answers, authorities, additionals] = [4, 6, 8, 10].map((at) => wire.readUInt16BE(at)) as [
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < questions; i++) {
      name();
      copy(4);
    }
    for (let i = 0; i < answers + authorities + additionals; i++) {
      name();
      if (read + 10 > wire.length) throw new RangeError('truncated record');
      const rdlength = wire.readUInt16BE(read + 8);
      copy(10 + rdlength);
    }
    if (read !== wire.length) return wire;
  } catch {
    return wire;
  }
  return Buffer.from(out.subarray(0, written));
}
