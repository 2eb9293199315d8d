import Almanac

extension ReferenceApp {
    /// The four reference apps whose reports `almanac report` offers.
    public static let all: [ReferenceApp] = [
        ReferenceApp(name: "miga", schemaVersion: 5, views: MIGAReports.views),
        ReferenceApp(name: "elaro", schemaVersion: 4, views: ElaroReports.views),
        ReferenceApp(name: "pressure", schemaVersion: 5, views: PressureReports.views),
        ReferenceApp(name: "cravey", schemaVersion: 4, views: CraveyReports.views),
    ]

    /// The app called `name`, if there is one.
    public static func named(_ name: String) -> ReferenceApp? {
        all.first { $0.name == name }
    }
}
