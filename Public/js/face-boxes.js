// Where a face box and its badge go on a photo, from the face's fractions of the photo ({x, y, width, height},
// origin top left), set through the style object (which the page's CSP allows). The face tagger and the memory
// page both place their boxes with these.
//
// A badge (a box's number, or the name of who it is) sits just outside its box, never over the face: below it,
// or above it when the box is near the bottom of the photo. Sideways it follows the middle of the box, but is
// kept within the photo's sides; it is at most the photo's width, so a long name wraps instead of being cut.

const clamp = (value) => Math.min(1, Math.max(0, Number(value) || 0));
const ROOM = 0.15; // the share of the photo's height that a badge of two lines needs below its box
const GAP = "6px"; // between the box's edge (and its shadow) and the badge

export function placeBox(node, face) {
    node.style.left = `${clamp(face.x) * 100}%`;
    node.style.top = `${clamp(face.y) * 100}%`;
    node.style.width = `${clamp(face.width) * 100}%`;
    node.style.height = `${clamp(face.height) * 100}%`;
}

export function placeBadge(badge, face) {
    const top = clamp(face.y);
    const bottom = clamp(top + clamp(face.height));
    const middle = clamp(clamp(face.x) + clamp(face.width) / 2);
    // Left at the box's middle, then moved back by the same share of the badge's own width: a badge on a box
    // at the left edge starts at the photo's left edge, one at the right edge ends at its right edge.
    badge.style.left = `${middle * 100}%`;
    badge.style.transform = `translateX(${-middle * 100}%)`;
    const below = 1 - bottom >= ROOM || 1 - bottom >= top;
    badge.style.top = below ? `calc(${bottom * 100}% + ${GAP})` : "";
    badge.style.bottom = below ? "" : `calc(${(1 - top) * 100}% + ${GAP})`;
    badge.dataset.side = below ? "below" : "above";
}
