/// The version of Segue this binary is.
enum SegueVersion {
    static let current = "0.1.0"
}
