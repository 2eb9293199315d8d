import Almanac

extension ReferenceApp {
    /// The four reference apps whose reports `almanac report` offers.
    public static let all: [ReferenceApp] = [
        ReferenceApp(name: "miga", schemaVersion: 3, views: MIGAReports.views),
        ReferenceApp(name: "elaro", schemaVersion: 2, views: ElaroReports.views),
        ReferenceApp(name: "pressure", schemaVersion: 2, views: PressureReports.views),
        ReferenceApp(name: "cravey", schemaVersion: 2, views: CraveyReports.views),
    ]

    /// The app called `name`, if there is one.
    public static func named(_ name: String) -> ReferenceApp? {
        all.first { $0.name == name }
    }
}
