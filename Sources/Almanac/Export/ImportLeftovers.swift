#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What imports and restores killed before they finished left beside their target.
enum ImportLeftovers {
    static func removeLeftovers(of names: Set<String>, in folder: URL, includingThisProcess: Bool = false) {
        guard let parent = try? Directory.openRoot(atPath: folder.path), let entries = try? parent.entries() else { return }
        for entry in entries {
            guard let name = Directory.finalName(ofTemporary: entry.name), names.contains(name),
                  Directory.isAbandonedTemporary(entry.name, includingThisProcess: includingThisProcess)
            else { continue }
            _ = try? parent.removeTree(entry.name)
        }
    }
}
