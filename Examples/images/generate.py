#!/usr/bin/env python3
"""Draws the example scenarios' pictures (avatars, banners and the posts' landscapes) with the
standard library only, so the committed PNGs can be re-made byte for byte:
python3 Examples/images/generate.py"""
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



# The posts' and the media grid's landscapes: 960 x 720, sharp at 3x in a post (~290 pt wide)
# and in a grid cell (~124 pt). Flat colours with anti-aliased edges keep the files small. A post
# shows a wide band through the middle (aspect fill), a grid cell the middle square, so each
# scene keeps its subject near the centre.

SCENE_WIDTH, SCENE_HEIGHT = 960, 720


class Shape:
    """A flat-coloured shape: a signed distance in pixels (negative inside) and a bounding box
    outside which it is not looked at."""

    def __init__(self, color, distance, box, opacity=1.0):
        self.color, self.distance, self.box, self.opacity = hexcolor(color), distance, box, opacity


def circle(color, cx, cy, r, opacity=1.0):
    return Shape(color, lambda x, y: math.hypot(x - cx, y - cy) - r, (cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), opacity)


def ellipse(color, cx, cy, rx, ry):
    def distance(x, y):
        k = math.hypot((x - cx) / rx, (y - cy) / ry)
        return (k - 1) * min(rx, ry)
    return Shape(color, distance, (cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1))


def polygon(color, points, opacity=1.0):
    """A convex polygon, points clockwise on screen (y down)."""
    edges = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        length = math.hypot(x1 - x0, y1 - y0)
        edges.append((x0, y0, (y1 - y0) / length, -(x1 - x0) / length))

    def distance(x, y):
        return max((x - x0) * nx + (y - y0) * ny for x0, y0, nx, ny in edges)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Shape(color, distance, (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1), opacity)


def rect(color, x0, y0, x1, y1, opacity=1.0):
    return polygon(color, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], opacity)


def ridge(color, base, waves, bottom=SCENE_HEIGHT):
    """Everything below a smooth line y = base + sum(a * sin(x * f + p)); the distance is
    measured across the line, so steep slopes stay as smooth as flat ones."""
    def line(x):
        return base + sum(a * math.sin(x * f + p) for a, f, p in waves)

    def slope(x):
        return sum(a * f * math.cos(x * f + p) for a, f, p in waves)

    def distance(x, y):
        return (line(x) - y) / math.sqrt(1 + slope(x) ** 2)
    top = base - sum(abs(a) for a, _, _ in waves)
    return Shape(color, distance, (-1, top - 1, SCENE_WIDTH + 1, bottom + 1))


def scene(path, sky, shapes):
    """Paints a vertical sky gradient (`sky`: colour stops from top to bottom), then each shape
    over it in order."""
    stops = [(offset, hexcolor(color)) for offset, color in sky]

    def sky_color(y):
        t = y / SCENE_HEIGHT
        for (o0, c0), (o1, c1) in zip(stops, stops[1:]):
            if t <= o1:
                return mix(c0, c1, (t - o0) / (o1 - o0))
        return stops[-1][1]

    def pixel(x, y):
        px, py = x + 0.5, y + 0.5
        color = sky_color(py)
        for shape in shapes:
            x0, y0, x1, y1 = shape.box
            if px < x0 or px > x1 or py < y0 or py > y1:
                continue
            amount = coverage(shape.distance(px, py))
            if amount > 0:
                color = mix(color, shape.color, amount * shape.opacity)
        return color

    png(path, SCENE_WIDTH, SCENE_HEIGHT, pixel)


def cloud(color, x, y, scale):
    return [circle(color, x + dx * scale, y + dy * scale, r * scale)
            for dx, dy, r in ((-60, 10, 38), (-15, -12, 52), (40, 0, 44), (80, 16, 30))] \
        + [rect(color, x - 60 * scale, y + 10 * scale, x + 80 * scale, y + 46 * scale)]


def sailboat(hull, sail, x, y, size):
    return [
        polygon(sail, [(x, y - size * 1.6), (x + size * 0.9, y - size * 0.15), (x, y - size * 0.15)]),
        polygon(sail, [(x - size * 0.08, y - size * 1.3), (x - size * 0.08, y - size * 0.15), (x - size * 0.7, y - size * 0.15)]),
        polygon(hull, [(x - size * 0.9, y - size * 0.05), (x + size * 1.0, y - size * 0.05), (x + size * 0.7, y + size * 0.3),
                       (x - size * 0.65, y + size * 0.3)]),
    ]


def harbour():
    """A lighthouse on a breakwater, boats in the bay and a row of houses on the far shore."""
    w, h = SCENE_WIDTH, SCENE_HEIGHT
    shore = h * 0.56
    shapes = cloud("#ffffff", 470, 120, 0.9) + cloud("#ffffff", 800, 80, 0.6)
    shapes.append(ridge("#7fa7c9", shore - 30, [(22, 0.006, 0.4), (9, 0.021, 1.3)]))
    houses = ["#e76f51", "#f4a261", "#e9c46a", "#ffffff", "#2a9d8f", "#f4a261", "#e76f51", "#ffffff"]
    for index, color in enumerate(houses):
        x = 360 + index * 62
        top = shore - 44 - (index % 3) * 12
        shapes.append(rect(color, x, top, x + 50, shore + 2))
        shapes.append(polygon("#9b3d2e", [(x - 6, top), (x + 25, top - 26), (x + 56, top)]))
        shapes.append(rect("#24496b", x + 18, top + 14, x + 32, top + 30))
    shapes.append(rect("#1f6f9f", 0, shore, w, h))
    shapes.append(rect("#2b84b8", 0, shore, w, shore + 10, 0.8))
    for index in range(9):
        y = shore + 40 + index * 34
        x = (index * 173) % 700 + 60
        shapes.append(rect("#5fa8d3", x, y, x + 120 - index * 6, y + 5, 0.7))
    # The breakwater and the lighthouse, left of centre.
    shapes.append(polygon("#5c5f66", [(0, h * 0.70), (330, h * 0.66), (340, h * 0.72), (0, h * 0.78)]))
    lx, base, top = 240, h * 0.675, h * 0.30
    shapes.append(polygon("#ffffff", [(lx - 30, top), (lx + 30, top), (lx + 40, base), (lx - 40, base)]))
    for band in range(3):
        y0 = top + (base - top) * (0.18 + band * 0.29)
        y1 = y0 + (base - top) * 0.14
        shapes.append(rect("#d62828", lx - 45, y0, lx + 45, y1))
    shapes.append(polygon("#ffffff", [(lx - 45, top - 3), (lx + 45, top - 3), (lx + 45, top + 1), (lx - 45, top + 1)]))
    shapes.append(rect("#ffe08a", lx - 20, top - 44, lx + 20, top - 3))
    shapes.append(polygon("#d62828", [(lx - 28, top - 44), (lx, top - 74), (lx + 28, top - 44)]))
    # Boats in the bay, centre and right.
    shapes += sailboat("#0f2a40", "#ffffff", 520, h * 0.70, 70)
    shapes += sailboat("#d62828", "#fdf0d5", 760, h * 0.64, 46)
    scene("harbour.png", [(0, "#8ecdf8"), (0.56, "#d8f0ff")], shapes)


def dusk():
    """The sun setting over the sea between two headlands, its light laid on the water."""
    w, h = SCENE_WIDTH, SCENE_HEIGHT
    horizon = h * 0.58
    shapes = [circle("#ffd166", w * 0.5, horizon - 20, 170, 0.18), circle("#ffd166", w * 0.5, horizon - 20, 96)]
    shapes.append(ellipse("#f8a07a", 230, 170, 150, 16))
    shapes.append(ellipse("#f8a07a", 720, 230, 120, 12))
    shapes.append(ellipse("#c8668a", 640, 150, 90, 9))
    shapes.append(ridge("#7a3b69", horizon - 22, [(18, 0.009, 0.2), (7, 0.031, 2.0)], bottom=horizon + 1))
    shapes.append(rect("#3d2c5e", 0, horizon, w, h))
    for index in range(8):
        y = horizon + 14 + index * (index + 3) * 4.2
        half = 110 - index * 9
        shapes.append(rect("#ffd166", w * 0.5 - half, y, w * 0.5 + half, y + 4 + index, 0.85))
    shapes.append(polygon("#2a1b3d", [(0, h * 0.62), (150, h * 0.55), (300, h * 0.60), (380, h), (0, h)]))
    shapes.append(polygon("#2a1b3d", [(640, h), (780, h * 0.63), (w, h * 0.52), (w, h)]))
    scene("dusk.png", [(0, "#4b3a7a"), (0.35, "#c8668a"), (0.58, "#ffb86b")], shapes)


def meadow():
    """Rolling hills under a summer sky, a tree in the middle field and flowers in the grass."""
    w, h = SCENE_WIDTH, SCENE_HEIGHT
    shapes = [circle("#fff3b0", 780, 140, 62)] + cloud("#ffffff", 300, 150, 0.9) + cloud("#ffffff", 620, 230, 0.55)
    shapes.append(ridge("#9cc98a", h * 0.52, [(26, 0.007, 0.9), (10, 0.019, 2.2)]))
    # The tree stands on the far hill, a little right of centre; the middle hill hides its foot.
    tx = 560
    shapes.append(rect("#6b4226", tx - 12, h * 0.44, tx + 12, h * 0.64))
    shapes.append(circle("#2f7d3a", tx, h * 0.40, 70))
    shapes.append(circle("#3b8f45", tx - 45, h * 0.46, 48))
    shapes.append(circle("#3b8f45", tx + 48, h * 0.45, 50))
    shapes.append(ridge("#6aab5d", h * 0.63, [(30, 0.006, 2.6), (12, 0.017, 0.3)]))
    shapes.append(ridge("#3f8f3a", h * 0.76, [(24, 0.005, 1.1), (8, 0.023, 0.4)]))
    flowers = ["#ffffff", "#ffd166", "#ef476f"]
    for index in range(18):
        x = (index * 131 + 40) % w
        y = h * 0.84 + ((index * 53) % 90)
        shapes.append(circle(flowers[index % 3], x, y, 7 + index % 3 * 2))
    scene("meadow.png", [(0, "#4aa3df"), (0.55, "#cdeaf7")], shapes)


avatar("jane-avatar.png", 160, ("#8ecdf8", "#1d9bf0"), "#f2c7a5", "#0f1419", "#4a2c1d")
banner("jane-banner.png", 600, 200, ("#0c4a7a", "#7cc4f5"), "#ffe08a", ["#3f6f96", "#24496b", "#0f2a40"])
avatar("lumen-avatar.png", 160, ("#ffd6a5", "#ff8fab"), "#8d5a3b", "#2b9348", "#1b1b1b")
banner("lumen-banner.png", 600, 200, ("#ff8fab", "#ffd6a5"), "#fff3b0", ["#f4a259", "#bc4b51", "#5b8e7d"])
harbour()
dusk()
meadow()
