#!/usr/bin/env python3
"""Draws the example scenarios' pictures (avatars and banners) with the standard library only,
so the committed PNGs can be re-made byte for byte: python3 Examples/images/generate.py"""
import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png(path, width, height, pixel):
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, path), "wb") as f:
        f.write(data)


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def hexcolor(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def coverage(distance):
    """Antialiased edge: 1 inside, 0 outside, a one-pixel ramp across the edge."""
    return max(0.0, min(1.0, 0.5 - distance))


def avatar(path, size, background, skin, shirt, hair):
    bg_top, bg_bottom = hexcolor(background[0]), hexcolor(background[1])
    skin, shirt, hair = hexcolor(skin), hexcolor(shirt), hexcolor(hair)
    c = size / 2

    def pixel(x, y):
        px, py = x + 0.5, y + 0.5
        color = mix(bg_top, bg_bottom, py / size)
        # Shoulders: the top of an ellipse rising from the bottom edge.
        sx, sy = (px - c) / (size * 0.36), (py - size * 1.02) / (size * 0.36)
        color = mix(color, shirt, coverage((math.hypot(sx, sy) - 1) * size * 0.36))
        # Hair behind the face, then the face.
        color = mix(color, hair, coverage(math.hypot(px - c, py - size * 0.40) - size * 0.215))
        color = mix(color, skin, coverage(math.hypot(px - c, (py - size * 0.44) * 0.92) - size * 0.18))
        # The fringe: the hair circle's top band over the face.
        if py < size * 0.36:
            color = mix(color, hair, coverage(math.hypot(px - c, py - size * 0.40) - size * 0.215))
        return color

    png(path, size, size, pixel)


def banner(path, width, height, sky, sun, hills):
    top, bottom = hexcolor(sky[0]), hexcolor(sky[1])
    sun = hexcolor(sun)
    hills = [hexcolor(h) for h in hills]

    def pixel(x, y):
        px, py = x + 0.5, y + 0.5
        color = mix(top, bottom, py / height)
        color = mix(color, sun, coverage(math.hypot(px - width * 0.72, py - height * 0.42) - height * 0.16) * 0.9)
        for index, hill in enumerate(hills):
            phase = index * 1.7
            ridge = height * (0.55 + 0.13 * index) + height * 0.09 * math.sin(px / width * 6.3 + phase) \
                + height * 0.04 * math.sin(px / width * 17 + phase * 2)
            color = mix(color, hill, coverage(ridge - py))
        return color

    png(path, width, height, pixel)


avatar("jane-avatar.png", 160, ("#8ecdf8", "#1d9bf0"), "#f2c7a5", "#0f1419", "#4a2c1d")
banner("jane-banner.png", 600, 200, ("#0c4a7a", "#7cc4f5"), "#ffe08a", ["#3f6f96", "#24496b", "#0f2a40"])
avatar("lumen-avatar.png", 160, ("#ffd6a5", "#ff8fab"), "#8d5a3b", "#2b9348", "#1b1b1b")
banner("lumen-banner.png", 600, 200, ("#ff8fab", "#ffd6a5"), "#fff3b0", ["#f4a259", "#bc4b51", "#5b8e7d"])
