import { inflateRawSync } from 'node:zlib';
import { AppError } from '../errors';

/**
 * A zip reader strict enough to stand in front of exceljs: an .xlsx is a zip, and a few kilobytes of deflate can
 * inflate to gigabytes. Every entry is inflated here against a budget before the real parser sees the bytes, and
 * the sizes a header declares are checked against what the data really inflates to, so a lying header cannot pass.
 */
export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

/** A 1,000-row sheet inflates to well under a megabyte; a whole workbook around it to a few. */
export const GROUP_ZIP_LIMITS: ZipLimits = { maxEntries: 2000, maxTotalBytes: 50 * 1024 * 1024 };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const ZIP64_EXTRA_FIELD = 0x0001;
const STORED = 0;
const DEFLATED = 8;

function invalid(): AppError {
  return new AppError('GROUP_FILE_INVALID');
}

function findEndRecord(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  // The last signature wins, as in the zip readers behind exceljs: a comment may itself hold the four bytes.
  for (let offset = bytes.length - END_RECORD_BYTES; offset >= lowest; offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw invalid();
}

function hasZip64Extra(extra: Buffer): boolean {
  for (let offset = 0; offset + 4 <= extra.length; offset += 4 + extra.readUInt16LE(offset + 2)) {
    if (extra.readUInt16LE(offset) === ZIP64_EXTRA_FIELD) return true;
  }
  return false;
}

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function readCentralDirectory(bytes: Buffer, limits: ZipLimits): { entries: CentralEntry[]; directoryOffset: number } {
  const end = findEndRecord(bytes);
  if (end >= 20 && bytes.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) throw invalid();
  const disk = bytes.readUInt16LE(end + 4);
  const directoryDisk = bytes.readUInt16LE(end + 6);
  const entriesOnDisk = bytes.readUInt16LE(end + 8);
  const entryCount = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // 0xFFFF and 0xFFFFFFFF say "look in the ZIP64 record"; spreadsheets never need one.
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw invalid();
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) throw invalid();
  if (entryCount === 0 || entryCount > limits.maxEntries) throw invalid();
  if (directoryOffset + directorySize > end) throw invalid();

  const entries: CentralEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < entryCount; index += 1) {
    if (offset + 46 > directoryOffset + directorySize) throw invalid();
    if (bytes.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) throw invalid();
    const flags = bytes.readUInt16LE(offset + 8);
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localOffset = bytes.readUInt32LE(offset + 42);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > directoryOffset + directorySize) throw invalid();
    const encrypted = (flags & 1) === 1;
    if (encrypted || (method !== STORED && method !== DEFLATED)) throw invalid();
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw invalid();
    if (hasZip64Extra(bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength))) {
      throw invalid();
    }
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, method, compressedSize, size, localOffset });
    offset = next;
  }
  return { entries, directoryOffset };
}

function entryData(bytes: Buffer, entry: CentralEntry, directoryStart: number): Buffer {
  const header = entry.localOffset;
  if (header + 30 > directoryStart || bytes.readUInt32LE(header) !== LOCAL_FILE_HEADER) throw invalid();
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  const end = start + entry.compressedSize;
  if (end > directoryStart) throw invalid();
  return bytes.subarray(start, end);
}

function inflateEntry(data: Buffer, entry: CentralEntry): Buffer {
  if (entry.method === STORED) {
    if (data.length !== entry.size) throw invalid();
    return data;
  }
  let inflated: Buffer;
  try {
    // Never more than the declared size: inflating further would only prove the header lied.
    inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
  } catch {
    throw invalid();
  }
  if (inflated.length !== entry.size) throw invalid();
  return inflated;
}

/**
 * Checks that `bytes` is a plain (not ZIP64, not encrypted, stored or deflated) zip whose entries all inflate, to
 * exactly their declared sizes, within `limits`; GROUP_FILE_INVALID otherwise. Answers the inflated entries by name,
 * so a caller may look inside without inflating again.
 */
export function assertSafeZip(bytes: Buffer, limits: ZipLimits = GROUP_ZIP_LIMITS): Map<string, Buffer> {
  if (bytes.length < END_RECORD_BYTES) throw invalid();
  const { entries, directoryOffset } = readCentralDirectory(bytes, limits);
  // Declared sizes first: an honest bomb is refused before a byte is inflated, a lying one by inflateEntry.
  const declaredTotal = entries.reduce((total, entry) => total + entry.size, 0);
  if (declaredTotal > limits.maxTotalBytes) throw invalid();
  const inflated = new Map<string, Buffer>();
  for (const entry of entries) {
    inflated.set(entry.name, inflateEntry(entryData(bytes, entry, directoryOffset), entry));
  }
  return inflated;
}
