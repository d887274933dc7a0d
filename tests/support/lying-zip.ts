import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * A hostile XLSX: a ZIP archive whose one entry, the first sheet, inflates to `unpackedBytes`
 * (blanks, which deflate about 1,000 to 1) while its headers declare `declaredBytes`. A guard
 * that adds up the declared sizes lets it through; one that counts what it inflates does not.
 */
export async function lyingXlsx(unpackedBytes: number, declaredBytes = 4096): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024, ' ');
  for (let left = unpackedBytes; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return zipOfOne('xl/worksheets/sheet1.xml', Buffer.concat(chunks), declaredBytes);
}

function zipOfOne(name: string, deflated: Buffer, declaredBytes: number): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(Buffer.alloc(0));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // deflated
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declaredBytes, 22);
  local.writeUInt16LE(fileName.length, 26);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(20, 4); // version made by
  entry.writeUInt16LE(20, 6); // version needed
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(crc, 16);
  entry.writeUInt32LE(deflated.length, 20);
  entry.writeUInt32LE(declaredBytes, 24);
  entry.writeUInt16LE(fileName.length, 28);
  entry.writeUInt32LE(0, 42); // local header offset
  const directoryOffset = local.length + fileName.length + deflated.length;
  const directorySize = entry.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, fileName, deflated, entry, fileName, end]);
}
