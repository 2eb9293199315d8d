import Almanac
import Foundation

/// `almanac report elaro today`: the day's recommended actions with reasons and a why
/// summary, the signals behind them, and the actions already logged today.
///
/// Notes never appear: an instance shows only whether it has one.
public struct ElaroTodayReport: AppReport {
    /// One recommended action.
    public struct Recommendation: Encodable, Sendable {
        /// The template's id.
        public var templateId: String
        /// The template's title.
        public var title: String
        /// Its focus area.
        public var focusId: String
        /// The variant, in minutes.
        public var durationMinutes: Int
        /// The priority score, rounded to two decimals (0 while scoring is paused).
        public var score: Double
        /// The parts of the score, rounded; `nil` in Coping Kit mode.
        public var components: [String: Double]?
        /// The adaptation rules that shaped it, e.g. `stepDown`.
        public var adaptations: [String]
        /// Each reason in a sentence, strongest first.
        public var reasons: [String]
        /// The reasons in one sentence.
        public var whySummary: String
    }

    /// One action logged today.
    public struct Instance: Encodable, Sendable {
        /// The template's id.
        public var templateId: String
        /// The template's title.
        public var title: String
        /// The variant, in minutes.
        public var durationMinutes: Int
        /// `done`, `snoozed` or `skipped`.
        public var status: String
        /// `light`, `ok` or `hard`.
        public var feltDifficulty: String
        /// The mood key, if given.
        public var mood: String?
        /// Whether the parent wrote a note (its text stays out of reports).
        public var hasNote: Bool
    }

    /// The signals as of the end of yesterday.
    public struct Signals: Encodable, Sendable {
        /// Done over shown per tag, last 7 days.
        public var successRateByTag: [String: Double]
        /// Completion rate by local hour, keys `00`…`23`.
        public var timeOfDayHeatmap: [String: Double]
        /// The most-picked variant over 14 days, in minutes.
        public var bandwidthPreference: Int?
        /// `low`, `med` or `high`.
        public var noveltyTolerance: String
        /// Hard or stressful share of the last 7 days, 0…1.
        public var frictionIndex: Double
    }

    /// The day planned.
    public var day: CalendarDate
    /// The time zone of the day and hours.
    public var timeZone: String
    /// `scored`, or `copingKit` while the friction dampener pauses scoring.
    public var mode: String
    /// The active focus areas.
    public var activeFocusAreas: [String]
    /// The duration aimed at: the bias, else the preference.
    public var targetDurationMinutes: Int?
    /// This week's bandwidth bias, if any.
    public var bandwidthBiasMinutes: Int?
    /// The local hours that went best, best first (timing bias).
    public var bestHours: [Int]
    /// The last day the friction dampener holds, when it does.
    public var dampenedThrough: CalendarDate?
    /// The signals behind the plan.
    public var signals: Signals
    /// Step-down swaps holding today, e.g. `A-EMO-004 → A-EMO-001 through 2025-02-04`.
    public var stepDowns: [String]
    /// The recommended actions, best first.
    public var recommendations: [Recommendation]
    /// The actions logged today.
    public var instances: [Instance]

    /// Builds the report from `store` for the local day of `context.now`.
    public init(store: Store, context: ReportContext) throws {
        let service = ElaroService(store: store, calendar: context.calendar)
        let recommender = try service.recommender(at: context.now)
        let plan = recommender.plan(at: context.now)
        let templates = recommender.rules.signals.templates
        day = plan.day
        timeZone = context.timeZone.identifier
        mode = plan.mode.rawValue
        activeFocusAreas = recommender.areas.filter(\.active).map(\.name.rawValue).sorted()
        targetDurationMinutes = plan.targetDuration?.minutes
        bandwidthBiasMinutes = plan.bandwidthBias?.minutes
        bestHours = plan.bestHours
        dampenedThrough = plan.dampener?.through
        signals = Signals(
            successRateByTag: plan.signals.successRateByTag.mapValues(ElaroReports.rounded),
            timeOfDayHeatmap: Dictionary(uniqueKeysWithValues: plan.signals.timeOfDayHeatmap.map { (Self.hour($0.key), ElaroReports.rounded($0.value)) }),
            bandwidthPreference: plan.signals.bandwidthPreference?.minutes, noveltyTolerance: plan.signals.noveltyTolerance.rawValue,
            frictionIndex: ElaroReports.rounded(plan.signals.frictionIndex))
        stepDowns = plan.stepDowns.map { "\($0.templateId) → \($0.cousin.templateId) (\($0.cousin.duration.minutes) min) through \($0.through.map(\.description) ?? "")" }
        recommendations = plan.recommendations.map { item in
            Recommendation(templateId: item.templateId, title: item.title, focusId: item.focusId.rawValue, durationMinutes: item.duration.minutes,
                           score: ElaroReports.rounded(item.score),
                           components: item.components.map { Dictionary(uniqueKeysWithValues: $0.contributions.map { ($0.name, ElaroReports.rounded(abs($0.value) == 0 ? 0 : $0.value)) }) },
                           adaptations: item.adaptations.map(Self.name), reasons: item.reasons, whySummary: item.whySummary)
        }
        instances = try store.documents(ActionInstance.self, from: plan.day, to: plan.day).map { instance in
            Instance(templateId: instance.templateId, title: templates[instance.templateId]?.title ?? instance.templateId,
                     durationMinutes: instance.variantDuration.minutes, status: instance.status.rawValue,
                     feltDifficulty: instance.feltDifficulty.rawValue, mood: instance.mood, hasNote: !(instance.note ?? "").isEmpty)
        }
    }

    static func hour(_ hour: Int) -> String { hour < 10 ? "0\(hour)" : "\(hour)" }

    static func name(_ adaptation: ElaroAdaptation) -> String {
        switch adaptation {
        case .stepUp: "stepUp"
        case .stepDown: "stepDown"
        case .bandwidthBias: "bandwidthBias"
        case .ritualProtection: "ritualProtection"
        case .frictionDampener: "frictionDampener"
        }
    }

    /// The report for a terminal.
    public var text: String {
        var lines = ["Elaro today: \(ElaroReports.weekdayName(day)) (\(timeZone))"]
        lines.append("Active focus areas: " + (activeFocusAreas.isEmpty ? "none" : activeFocusAreas.compactMap { FocusArea.Name(rawValue: $0)?.displayName }.joined(separator: ", ")))
        var signalLine = "Signals through yesterday: friction \(String(format: "%.2f", signals.frictionIndex))"
        signalLine += " · bandwidth " + (signals.bandwidthPreference.map { "\($0) min" } ?? "none yet")
        signalLine += " · novelty \(signals.noveltyTolerance)"
        if !bestHours.isEmpty { signalLine += " · best hours " + bestHours.map { Self.hour($0) + ":00" }.joined(separator: ", ") }
        lines.append(signalLine)
        if !signals.successRateByTag.isEmpty {
            lines.append("Done by tag, last 7 days: " + signals.successRateByTag.sorted { $0.key < $1.key }
                .map { "\($0.key) \(ElaroReports.percent($0.value))" }.joined(separator: ", "))
        }
        lines += stepDowns.map { "Step-down in force: \($0)" }
        if let bandwidthBiasMinutes { lines.append("Bandwidth bias this week: \(bandwidthBiasMinutes)-minute versions") }
        lines.append("")
        if let dampenedThrough {
            lines.append("Friction dampener on through \(dampenedThrough): scoring paused, Coping Kit:")
        } else {
            lines.append("Recommended (\(recommendations.count)):")
        }
        for (index, item) in recommendations.enumerated() {
            let score = mode == "scored" ? " · score \(String(format: "%.2f", item.score))" : ""
            let area = FocusArea.Name(rawValue: item.focusId)?.displayName ?? item.focusId
            lines.append("  \(index + 1). \(item.title) (\(item.templateId)), \(item.durationMinutes) min · \(area)\(score)")
            lines.append("     \(item.whySummary)")
            lines += item.reasons.map { "     - \($0)" }
        }
        if recommendations.isEmpty { lines.append("  nothing to suggest: activate a focus area") }
        lines.append("")
        lines.append("Logged today (\(instances.count)):" + (instances.isEmpty ? " nothing yet" : ""))
        for instance in instances {
            let mood = instance.mood.map { ", mood \($0)" } ?? ""
            let note = instance.hasNote ? ", with a note" : ""
            lines.append("  - \(instance.title), \(instance.durationMinutes) min: \(instance.status), felt \(instance.feltDifficulty)\(mood)\(note)")
        }
        return lines.joined(separator: "\n")
    }
}
