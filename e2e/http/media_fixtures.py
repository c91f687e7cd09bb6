"""Small images made in Python, each different, so every upload adds new files to the store."""

import struct
import zlib


def png(seed, size=48):
    """A `size`×`size` PNG whose colours depend on `seed`: a new file (and new renditions) for each seed."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    red, green, blue = seed % 251, (seed // 251) % 251, (seed * 7 + 13) % 251
    rows = b"".join(
        b"\x00" + b"".join(bytes((red, (green + y) % 256, (blue + x) % 256)) for x in range(size)) for y in range(size)
    )
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
