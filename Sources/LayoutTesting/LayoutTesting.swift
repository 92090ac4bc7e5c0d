import LayoutKit
