/// An axis-aligned rectangle in screenshot pixels (origin top-left, y grows down).
public struct PixelRect: Equatable, Hashable, Codable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midX: Int { x + width / 2 }
    public var midY: Int { y + height / 2 }

    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    func scaledDown(by factor: Int) -> PixelRect {
        PixelRect(
            x: x / factor, y: y / factor, width: (width + factor - 1) / factor, height: (height + factor - 1) / factor)
    }

    /// The smallest rectangle holding every one of `boxes` (at least one).
    init<Boxes: Collection<PixelRect>>(enclosing boxes: Boxes) {
        self = boxes.dropFirst().reduce(boxes.first!) { $0.union($1) }
    }

    /// Whether the rectangle is about as wide as tall (an icon, a sender's picture).
    var isRoughlySquare: Bool { (0.6...1.6).contains(Double(width) / Double(Swift.max(1, height))) }

    /// Whether `other` lies wholly inside this rectangle.
    func encloses(_ other: PixelRect) -> Bool { union(other) == self }

    /// Whether the two rectangles share any pixel row (side by side on a screen's rows).
    func sharesRows(with other: PixelRect) -> Bool {
        Swift.min(maxY, other.maxY) - Swift.max(y, other.y) > 0
    }

    /// The pixels both rectangles cover (0 when they do not meet).
    func overlapArea(with other: PixelRect) -> Int {
        let width = Swift.min(maxX, other.maxX) - Swift.max(x, other.x)
        let height = Swift.min(maxY, other.maxY) - Swift.max(y, other.y)
        return width > 0 && height > 0 ? width * height : 0
    }

    public func union(_ other: PixelRect) -> PixelRect {
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        return PixelRect(
            x: minX, y: minY,
            width: Swift.max(maxX, other.maxX) - minX,
            height: Swift.max(maxY, other.maxY) - minY)
    }
}
