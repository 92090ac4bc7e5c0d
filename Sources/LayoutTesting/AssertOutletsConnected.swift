import LayoutKit

/// Asserts that every outlet `object`'s class declares, inherited ones included, is connected.
///
/// ```swift
/// assertOutletsConnected(cell)   // nil outlet of PhotoApp.PhotoCell: photoDateLabel
/// ```
/// The outlets are those of `object`'s own class (`OutletDeclaring.outlets`); one failure at the
/// caller's line names every nil one. Outlets declared `optional: true` are not checked, because a
/// layout may legitimately leave them unconnected — check those with an ordinary assertion when a
/// layout is meant to connect them. An object whose class declares no outlets passes.
public func assertOutletsConnected(
    _ object: AnyObject,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let names = nilOutletNames(of: object)
    guard !names.isEmpty else { return }
    AssertionFailure.report(
        nilOutletsSentence(names, of: object),
        at: Caller(fileID: fileID, filePath: filePath, line: line, column: column))
}
