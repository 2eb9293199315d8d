#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Store {
    /// Makes the picture in `target` show the whole of a committed change whose files were
    /// being put in place while it was linked: each staged file and folder is linked again
    /// from where its committed version is now (its temporary name, or its own once renamed),
    /// and what the change removes goes from the picture.
    func applyToPicture(_ overlay: CommitOverlay, target: Directory, using copier: TreeCopier,
                        collections: Set<String>?, includingRollbackBackup: Bool) throws {
        try PictureOverlay(store: self).applyToPicture(overlay, target: target, using: copier, collections: collections, includingRollbackBackup: includingRollbackBackup)
    }
}
