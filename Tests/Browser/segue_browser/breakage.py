"""Deliberately wrong SVG exports, to prove the checker fails them.

Each function takes a correct SVG document and returns one with a known geometric error; the
tests assert the checker reports a failure and measures about the injected error.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

ANIMATIONS = {f"{{{SVG_NS}}}{name}" for name in ("animate", "animateTransform", "animateMotion", "set")}


def enlarge_circle_masks(document: str, by: float) -> str:
    """Every circle inside a clip path gets a radius `by` px larger, at every keyframe."""
    root = ET.fromstring(document)
    circles = [c for clip in root.iter(f"{{{SVG_NS}}}clipPath") for c in clip.iter(f"{{{SVG_NS}}}circle")]
    if not circles:
        raise ValueError("the document has no circular clip path to break")
    for circle in circles:
        circle.set("r", _plus(circle.get("r", "0"), by))
        for animation in circle.iter(f"{{{SVG_NS}}}animate"):
            if animation.get("attributeName") == "r":
                for attribute in ("values", "from", "to"):
                    if animation.get(attribute) is not None:
                        animation.set(attribute, ";".join(_plus(v, by) for v in animation.get(attribute).split(";")))
    return ET.tostring(root, encoding="unicode")


def shift_layer(document: str, color: str, dx: float, dy: float) -> str:
    """The top-level layer painted in `color` (flat screens give each layer its own colour) moves
    by (dx, dy): the content of the stage's child that draws it (not that child's own animations,
    which stay on it) is wrapped in a translation."""
    root = ET.fromstring(document)
    stage = next(e for e in root if e.tag == f"{{{SVG_NS}}}g")
    group = next((child for child in stage
                  if any(e.get("fill", "").lower() == color.lower() for e in child.iter())), None)
    if group is None or group.tag != f"{{{SVG_NS}}}g":
        raise ValueError(f"the document has no layer group painted in {color}")
    content = [child for child in group if child.tag not in ANIMATIONS]
    wrapper = ET.Element(f"{{{SVG_NS}}}g", {"transform": f"translate({dx:g},{dy:g})"})
    for child in content:
        group.remove(child)
        wrapper.append(child)
    group.append(wrapper)
    return ET.tostring(root, encoding="unicode")


def _plus(value: str, by: float) -> str:
    return f"{float(value.strip()) + by:g}"
