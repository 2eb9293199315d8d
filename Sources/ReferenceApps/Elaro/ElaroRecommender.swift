import Almanac
import Foundation

/// Ranks the action templates of the active focus areas with the seed's explainable
/// `priorityScore` and applies the adaptation rules, giving the top 2–3 for a day, each with
/// `reasons[]` and a `whySummary`.
///
/// A plan for day D reads the history before D (signals as of the end of D−1), so it stays
/// the same while D's actions are logged. Choices where the seed is vague:
/// - **FocusMatch**: 0 outside the active areas (such templates are not candidates); inside,
///   0.5 plus 0.5 × the share of the template's tags found in the area's building blocks.
/// - **SuccessProbability**: the mean 7-day success rate of the template's tags that have
///   data; 0.5 when none has.
/// - **BandwidthFit**: 1 for the target duration (the week's bandwidth bias, else the 14-day
///   preference), 0.5 one step away, 0 two steps; 0.5 without a target. Each template is
///   offered at its variant nearest the target (its shortest without one).
/// - **TimeOfDayFit**: the completion rate of the template's own outcomes within an hour of
///   now (local), else of all outcomes within that hour window, else 0.5.
/// - **NoveltyBoost**: for a template not attempted in the last 14 days, 1 with tolerance
///   `high`, 0.5 with `med`, 0 with `low`.
/// - **StreakMomentum**: a ritual's streak / 7, at most 1.
/// - **FrictionRisk**: the share of `hard` among its last 4 attempts.
/// - **How many**: 3, or 2 when the target is 5 minutes (a parent short of time gets less
///   to choose from); fewer when fewer templates are active.
/// - **Ritual protection** pins streaking rituals first, lets no step rule replace them, and
///   rotates the other slots: templates done yesterday go to the back of the line.
/// - **Step rules** substitute the cousin into the slot of the template they judged.
/// - **Friction dampener**: no scores; the Coping Kit offers the 2 easiest actions of the
///   active areas (calming or co-regulation tags first, then lower difficulty, then ones
///   tried lately) at their shortest variant, a streaking ritual still first.
/// - **Contraindications** keep a template out of the day's plan, rituals and Coping Kit
///   included: `skip_if_dysregulated` on a day whose friction index (as of the day before,
///   like the rest of the plan) is above the dampener's 0.4. The others the seeds name
///   (`skip_if_rushed`, `skip_if_tired`, `skip_if_overstimulated`) have no signal the app
///   measures, so they skip nothing (``contraindicated(_:_:)``).
public struct ElaroRecommender: Sendable {
    /// Tags of the Coping Kit: actions that calm rather than stretch.
    public static let copingTags: Set<String> = ["calming", "co_regulation"]

    /// Every focus area of the store.
    public var areas: [FocusArea]
    /// The adaptation rules over the history.
    public var rules: ElaroAdaptationRules

    /// Creates a recommender over a store's content, days and hours in `timeZone`.
    public init(calendar: StoreCalendar, areas: [FocusArea], templates: [ActionTemplate], instances: [ActionInstance],
                events: [ElaroAnalyticsEvent]) {
        self.areas = areas
        self.rules = ElaroAdaptationRules(signals: ElaroSignalCalculator(calendar: calendar, templates: templates,
                                                                         instances: instances, events: events))
    }

    var signalCalculator: ElaroSignalCalculator { rules.signals }

    /// The templates of the active focus areas, by id.
    public var candidates: [ActionTemplate] {
        let active = Set(areas.filter(\.active).map(\.name))
        return signalCalculator.templates.values.filter { active.contains($0.focusId) }.sorted { $0.id < $1.id }
    }

    /// The plan for the local day of `now`.
    public func plan(at now: Date) -> ElaroTodayPlan {
        let day = CalendarDate(now, in: signalCalculator.calendar)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = signalCalculator.calendar.zone(on: day)
        let context = ScoringContext(day: day, hour: calendar.component(.hour, from: now),
                                     signals: signalCalculator.signals(on: day.adding(days: -1)),
                                     bias: rules.bandwidthBias(on: day))
        let count = context.target == .five ? 2 : 3
        let candidates = self.candidates.filter { !Self.contraindicated($0, context) }
        let rituals = candidates.compactMap { template -> (ActionTemplate, Int)? in
            let streak = rules.streak(of: template.id, before: day)
            return rules.isRitual(template, areas: areas) && streak >= ElaroAdaptationRules.ritualStreakDays ? (template, streak) : nil
        }.sorted { ($1.1, $0.0.id) < ($0.1, $1.0.id) }
        var plan = ElaroTodayPlan(day: day, mode: .scored, recommendations: [], signals: context.signals,
                                  targetDuration: context.target, bandwidthBias: context.bias,
                                  bestHours: rules.bestHours(before: day), dampener: rules.frictionDampener(on: day),
                                  stepDowns: candidates.compactMap { rules.stepDown(for: $0.id, on: day) })
        var chosen = rituals.prefix(count).map { template, streak in
            recommendation(template, at: context.duration(for: template), context, adaptations: [.ritualProtection(streakDays: streak)])
        }
        if let dampener = plan.dampener {
            plan.mode = .copingKit
            plan.recommendations = copingKit(after: Array(chosen.prefix(2)), from: candidates, dampener: dampener, context)
            return plan
        }
        let protected = Set(chosen.map(\.templateId))
        var ranked = candidates.filter { !protected.contains($0.id) }
            .map { ($0, components(of: $0, at: context.duration(for: $0), context).priorityScore) }
            .sorted { ($1.1, $0.0.id) < ($0.1, $1.0.id) }.map(\.0)
        if !protected.isEmpty {
            let doneYesterday = Set(signalCalculator.instances.filter { $0.date == day.adding(days: -1) && $0.isSuccess }.map(\.templateId))
            ranked = ranked.filter { !doneYesterday.contains($0.id) } + ranked.filter { doneYesterday.contains($0.id) }
        }
        for template in ranked where chosen.count < count {
            let step = rules.stepDown(for: template.id, on: day) ?? rules.stepUp(for: template.id, on: day)
            var pick = template
            var duration = context.duration(for: template)
            var adaptations: [ElaroAdaptation] = []
            if let step, let cousin = signalCalculator.templates[step.cousin.templateId], !protected.contains(cousin.id),
               !Self.contraindicated(cousin, context) {
                pick = cousin
                duration = step.cousin.duration
                adaptations = [step.direction == .up ? .stepUp(step) : .stepDown(step)]
            }
            guard !chosen.contains(where: { $0.templateId == pick.id }) else { continue }
            chosen.append(recommendation(pick, at: duration, context, adaptations: adaptations))
        }
        plan.recommendations = chosen
        return plan
    }

    /// The Coping Kit: the protected rituals, then the easiest actions, at their shortest variant.
    func copingKit(after rituals: [ElaroRecommendation], from candidates: [ActionTemplate], dampener: ElaroDampener,
                   _ context: ScoringContext) -> [ElaroRecommendation] {
        let tried = Set(signalCalculator.instances(last: ElaroSignalCalculator.bandwidthWindow, endingOn: context.day.adding(days: -1)).map(\.templateId))
        let easiest = candidates.filter { template in !rituals.contains { $0.templateId == template.id } }.sorted { a, b in
            let key: (ActionTemplate) -> (Int, Int, Int) = {
                (Self.copingTags.isDisjoint(with: $0.tags) ? 1 : 0, $0.difficulty, tried.contains($0.id) ? 0 : 1)
            }
            return (key(a).0, key(a).1, key(a).2, a.id) < (key(b).0, key(b).1, key(b).2, b.id)
        }
        var kit = rituals.map { ritual in
            var kept = ritual
            kept.components = nil
            kept.adaptations.append(.frictionDampener(dampener))
            kept.reasons = reasons(for: kept, context) 
            kept.whySummary = whySummary(for: kept)
            return kept
        }
        for template in easiest where kit.count < 2 {
            var item = ElaroRecommendation(templateId: template.id, title: template.title, focusId: template.focusId,
                                           duration: template.durations.first ?? .five, components: nil,
                                           adaptations: [.frictionDampener(dampener)], reasons: [], whySummary: "")
            item.reasons = reasons(for: item, context)
            item.whySummary = whySummary(for: item)
            kit.append(item)
        }
        return kit
    }

    /// Whether a contraindication of `template` holds on the plan's day: `skip_if_dysregulated`
    /// with the friction index above ``ElaroAdaptationRules/frictionThreshold``.
    static func contraindicated(_ template: ActionTemplate, _ context: ScoringContext) -> Bool {
        template.contraindications.contains { reason in
            reason == "skip_if_dysregulated" && context.signals.frictionIndex > ElaroAdaptationRules.frictionThreshold
        }
    }

    /// A scored recommendation of `template` at `duration`.
    func recommendation(_ template: ActionTemplate, at duration: VariantDuration, _ context: ScoringContext,
                        adaptations: [ElaroAdaptation]) -> ElaroRecommendation {
        var adaptations = adaptations
        if let bias = context.bias, duration == bias { adaptations.append(.bandwidthBias(bias)) }
        var item = ElaroRecommendation(templateId: template.id, title: template.title, focusId: template.focusId, duration: duration,
                                       components: components(of: template, at: duration, context), adaptations: adaptations,
                                       reasons: [], whySummary: "")
        item.reasons = reasons(for: item, context)
        item.whySummary = whySummary(for: item)
        return item
    }
}

/// What the score of one day needs besides the template.
struct ScoringContext {
    var day: CalendarDate
    var hour: Int
    var signals: ElaroSignals
    var bias: VariantDuration?

    /// The duration the plan aims at: the week's bias, else the 14-day preference.
    var target: VariantDuration? { bias ?? signals.bandwidthPreference }

    /// The variant of `template` to offer.
    func duration(for template: ActionTemplate) -> VariantDuration {
        target.map { template.duration(nearest: $0) } ?? template.durations.first ?? .five
    }
}
