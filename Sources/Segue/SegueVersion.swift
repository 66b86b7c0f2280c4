/// The version of Segue this binary is.
public enum SegueVersion {
    public static let current = "0.1.0"
}
