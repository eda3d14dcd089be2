/// The presentation rules that changed between releases, read by `PresentationRules` and the
/// scenario parser.
extension IOSVersion {
    /// iOS 13 and later: compact-width sheets are cards attached to the bottom edge.
    public var hasCardSheets: Bool { major >= 13 }
    /// iOS 15 and later: UISheetPresentationController's detents, grabber and undimmed detents.
    public var hasSheetDetents: Bool { major >= 15 }
    /// iOS 27 and later: `UISheetPresentationController.preferredPlacement` places an iPad sheet.
    public var hasSheetPlacement: Bool { major >= 27 }
    /// What `UIModalPresentationStyle.automatic` stands for: full screen before iOS 13 (the
    /// default presentation then), a page sheet from 13, a form sheet from 18.
    public var automaticStyle: PresentationStyle {
        major >= 18 ? .formSheet : major >= 13 ? .pageSheet : .fullScreen
    }
}
