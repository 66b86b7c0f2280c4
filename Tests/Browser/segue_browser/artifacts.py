"""What a failed comparison leaves for a person to look at.

For each failed frame, in the case's folder under Tests/Browser/failures/<engine>/<case>/:
`t<time>-screenshot.png` (the browser's frame), `t<time>-expected.png` (the model's picture),
`t<time>-overlay.png` (the frame at 2x with the expected geometry drawn over it: yellow layer quads,
cyan masks, green/red scan lines with a red tick where the edge really is, red squares on wrong
colour probes) and `t<time>-report.txt` (the model's state and every failure).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from .checker import FrameCheck

FAILURES = Path(__file__).resolve().parents[1] / "failures"

SCALE = 2


def case_folder(engine: str, case_id: str, root: Path = FAILURES) -> Path:
    """The case's failure folder, emptied of an earlier run's files."""
    folder = root / engine / case_id
    shutil.rmtree(folder, ignore_errors=True)
    return folder


def report_failures(label: str, checks: list[FrameCheck], folder: Path) -> str:
    """Writes every failed frame's files into `folder` and returns the failure message."""
    folder.mkdir(parents=True, exist_ok=True)
    failed = [c for c in checks if not c.ok]
    for check in failed:
        write_frame(folder, check)
    details = "\n".join(check.summary() for check in failed)
    return (f"{label}: {len(failed)} of {len(checks)} frames differ from the model\n{details}\n"
            f"screenshots and overlays of the expected geometry: {folder}")


def write_frame(folder: Path, check: FrameCheck) -> None:
    stem = folder / f"t{check.time:.4f}s"
    check.image.save(f"{stem}-screenshot.png")
    expected = check.model.render(check.layout.page_size, check.layout.pad)
    Image.fromarray(np.round(expected * 255).astype(np.uint8)).save(f"{stem}-expected.png")
    overlay(check).save(f"{stem}-overlay.png")
    lines = [check.summary(limit=10_000), "", "model:", check.model.describe()]
    Path(f"{stem}-report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def overlay(check: FrameCheck) -> Image.Image:
    """The captured frame at SCALE x, washed out, with the model's geometry and the findings."""
    base = check.image.convert("RGB")
    base = Image.blend(base, Image.new("RGB", base.size, "white"), 0.45)
    image = base.resize((base.size[0] * SCALE, base.size[1] * SCALE), Image.NEAREST)
    draw = ImageDraw.Draw(image)

    def page(points) -> list[tuple[float, float]]:
        p = check.layout.to_page(np.asarray(points).reshape(-1, 2)) * SCALE
        return [tuple(q) for q in p]

    for layer in check.model.layers:
        if layer.corners is None:
            continue
        quad = page(layer.corners)
        draw.line(quad + quad[:1], fill=(230, 180, 0) if layer.visible else (160, 160, 160), width=2)
        draw.text(quad[0], layer.id, fill=(120, 90, 0))
        if layer.mask is not None and layer.transform is not None:
            outline = page(layer.transform.apply(layer.mask.boundary(256).points))
            draw.line(outline + outline[:1], fill=(0, 170, 220), width=2)
    for edge in check.edges:
        a = page(edge.scan.origin - 3 * edge.scan.normal)[0]
        b = page(edge.scan.origin + 3 * edge.scan.normal)[0]
        draw.line([a, b], fill=(0, 160, 0) if edge.ok else (220, 0, 0), width=1 if edge.ok else 3)
        if not edge.ok:
            found = page(edge.scan.origin + edge.found * edge.scan.normal)[0]
            tangent = np.array([-edge.scan.normal[1], edge.scan.normal[0]]) * 6
            draw.line([tuple(np.array(found) - tangent), tuple(np.array(found) + tangent)], fill=(220, 0, 0), width=3)
    for result in check.probes:
        x, y = page(result.probe.point)[0]
        if result.ok:
            draw.point((x, y), fill=(0, 140, 0))
        else:
            draw.rectangle([x - 4, y - 4, x + 4, y + 4], outline=(220, 0, 0), width=2)
    draw.text((4, 4), f"t = {check.time:.4f} s  worst deviation {check.worst_deviation:.2f} px  "
                      f"wrong probes {len(check.failed_probes)}  worst colour error "
                      f"{check.worst_color_error * 255:.0f}/255", fill=(0, 0, 0))
    return image
