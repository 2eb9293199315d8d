import Almanac
import Foundation

extension ElaroRecommender {
    /// The figures behind one template's score on a day, kept for its reasons.
    struct ScoreDetail {
        var area: FocusArea?
        var matchingTags: [String]
        var tagDone = 0
        var tagShown = 0
        var hourRate: Double?
        var novel = false
        var streak = 0
        var hardAttempts = 0
        var attempts = 0
    }

    /// The parts of `template`'s score at `duration` on the context's day.
    func components(of template: ActionTemplate, at duration: VariantDuration, _ context: ScoringContext) -> ElaroScoreComponents {
        components(of: template, at: duration, context, detail: detail(of: template, context))
    }

    func components(of template: ActionTemplate, at duration: VariantDuration, _ context: ScoringContext, detail: ScoreDetail) -> ElaroScoreComponents {
        let focusMatch = detail.area.map { _ in 0.5 + 0.5 * Double(detail.matchingTags.count) / Double(max(template.tags.count, 1)) } ?? 0
        let rates = template.tags.compactMap { context.signals.successRateByTag[$0] }
        let success = rates.isEmpty ? 0.5 : rates.reduce(0, +) / Double(rates.count)
        let bandwidth: Double
        if let target = context.target {
            let steps = abs((VariantDuration.allCases.firstIndex(of: duration) ?? 0) - (VariantDuration.allCases.firstIndex(of: target) ?? 0))
            bandwidth = [1, 0.5, 0][min(steps, 2)]
        } else {
            bandwidth = 0.5
        }
        let novelty: Double = detail.novel ? [NoveltyTolerance.low: 0, .med: 0.5, .high: 1][context.signals.noveltyTolerance]! : 0
        return ElaroScoreComponents(
            focusMatch: focusMatch, successProbability: success, bandwidthFit: bandwidth, timeOfDayFit: detail.hourRate ?? 0.5,
            noveltyBoost: novelty, streakMomentum: min(Double(detail.streak) / 7, 1),
            frictionRisk: detail.attempts == 0 ? 0 : Double(detail.hardAttempts) / Double(detail.attempts))
    }

    /// The figures behind `template`'s score on the context's day (history before that day).
    func detail(of template: ActionTemplate, _ context: ScoringContext) -> ScoreDetail {
        let area = areas.first { $0.name == template.focusId && $0.active }
        let blockTags = area?.buildingBlockTags ?? []
        var detail = ScoreDetail(area: area, matchingTags: template.tags.filter(blockTags.contains))
        let counts = signalCalculator.tagCounts(on: context.day.adding(days: -1))
        for tag in template.tags { detail.tagDone += counts[tag]?.done ?? 0; detail.tagShown += counts[tag]?.shown ?? 0 }
        detail.hourRate = hourRate(template.id, context) ?? hourRate(nil, context)
        let yesterday = context.day.adding(days: -1)
        detail.novel = !signalCalculator.instances(last: ElaroSignalCalculator.bandwidthWindow, endingOn: yesterday)
            .contains { $0.templateId == template.id }
        if rules.isRitual(template, areas: areas) { detail.streak = rules.streak(of: template.id, before: context.day) }
        let attempts = rules.lastAttempts(of: template.id, through: yesterday)
        detail.attempts = attempts.count
        detail.hardAttempts = attempts.filter { $0.feltDifficulty == .hard }.count
        return detail
    }

    /// The completion rate within an hour of the context's hour, of one template or of all.
    func hourRate(_ templateId: String?, _ context: ScoringContext) -> Double? {
        let counts = signalCalculator.hourCounts(on: context.day.adding(days: -1), templateId: templateId)
        let window = [(context.hour + 23) % 24, context.hour, (context.hour + 1) % 24].compactMap { counts[$0] }
        let outcomes = window.reduce(0) { $0 + $1.outcomes }
        return outcomes == 0 ? nil : Double(window.reduce(0) { $0 + $1.completed }) / Double(outcomes)
    }

    /// Each reason of `item` in a sentence: the adaptation rules first, then the score's
    /// parts by weighted contribution.
    func reasons(for item: ElaroRecommendation, _ context: ScoringContext) -> [String] {
        explained(item, context).map(\.sentence)
    }

    /// The reasons in one sentence: the three strongest short phrases.
    func whySummary(for item: ElaroRecommendation) -> String {
        let phrases = item.adaptations.compactMap(adaptationPhrase) + componentPhrases(item)
        let top = Array(phrases.prefix(3))
        guard !top.isEmpty else { return "Suggested as a good fit for today." }
        let joined = top.count == 1 ? top[0] : top.dropLast().joined(separator: ", ") + " and " + top.last!
        return "Suggested because it " + joined + "."
    }

    private func explained(_ item: ElaroRecommendation, _ context: ScoringContext) -> [(sentence: String, weight: Double)] {
        var result: [(sentence: String, weight: Double)] = item.adaptations.map { (adaptationSentence($0, item), 1.0) }
        guard let components = item.components, let template = signalCalculator.templates[item.templateId] else { return result }
        let detail = detail(of: template, context)
        let w = ElaroScoreComponents.weights
        let area = template.focusId.displayName
        result.append((detail.matchingTags.isEmpty ? "Part of your \(area) focus."
                       : "Builds \(area): \(detail.matchingTags.joined(separator: ", ")) match\(detail.matchingTags.count == 1 ? "es" : "") your building blocks.",
                       w.focusMatch * components.focusMatch))
        result.append((detail.tagShown == 0 ? "No recent attempts with its tags, so an even chance is assumed."
                       : "Its tags were done \(percent(components.successProbability)) of the time over the last 7 days.",
                       w.successProbability * components.successProbability))
        if let target = context.target, components.bandwidthFit > 0 {
            result.append((components.bandwidthFit == 1 ? "Fits your \(target.minutes)-minute slot." : "Close to your usual \(target.minutes) minutes.",
                           w.bandwidthFit * components.bandwidthFit))
        }
        if let rate = detail.hourRate {
            result.append(("Around \(context.hour):00, \(percent(rate)) of actions get done.", w.timeOfDayFit * rate))
        }
        if components.noveltyBoost > 0 {
            result.append(("Something new: not tried in the last 14 days (novelty tolerance \(context.signals.noveltyTolerance.rawValue)).",
                           w.noveltyBoost * components.noveltyBoost))
        }
        if components.frictionRisk > 0 {
            result.append(("Felt hard in \(detail.hardAttempts) of its last \(detail.attempts) attempts, which lowers its score.",
                           w.frictionRisk * components.frictionRisk))
        }
        let adaptations = result.prefix(item.adaptations.count)
        return Array(adaptations) + result.dropFirst(item.adaptations.count).sorted { $0.weight > $1.weight }
    }

    private func componentPhrases(_ item: ElaroRecommendation) -> [String] {
        guard let components = item.components else { return [] }
        var phrases: [(String, Double)] = [("builds \(item.focusId.displayName)", components.contributions[0].value)]
        if components.successProbability >= 0.6 { phrases.append(("has gone well lately", components.contributions[1].value)) }
        if components.bandwidthFit == 1 { phrases.append(("fits your \(item.duration.minutes)-minute slot", components.contributions[2].value)) }
        if components.timeOfDayFit >= 0.6 { phrases.append(("suits this time of day", components.contributions[3].value)) }
        if components.noveltyBoost > 0 { phrases.append(("adds something new", components.contributions[4].value)) }
        return phrases.sorted { $0.1 > $1.1 }.map(\.0)
    }

    private func adaptationPhrase(_ adaptation: ElaroAdaptation) -> String? {
        switch adaptation {
        case .stepUp: "is the next step up after a run of successes"
        case .stepDown: "is an easier stand-in for a few days"
        case .ritualProtection(let days): "keeps your \(days)-day ritual streak going"
        case .frictionDampener: "is short and easy while things feel hard"
        case .bandwidthBias(let duration): "matches the \(duration.minutes)-minute versions you have been choosing"
        }
    }

    private func adaptationSentence(_ adaptation: ElaroAdaptation, _ item: ElaroRecommendation) -> String {
        let title: (String) -> String = { self.signalCalculator.templates[$0].map { "“\($0.title)”" } ?? $0 }
        switch adaptation {
        case .stepUp(let step):
            let done = step.attempts.filter(\.isSuccess).count
            return step.cousin.templateId == step.templateId
                ? "Step-up: \(done) of the last \(step.attempts.count) attempts of \(title(step.templateId)) were done with at most one hard, so try its \(step.cousin.duration.minutes)-minute version."
                : "Step-up: \(done) of the last \(step.attempts.count) attempts of \(title(step.templateId)) were done with at most one hard, so here is a slightly harder cousin."
        case .stepDown(let step):
            let hard = step.attempts.filter { $0.feltDifficulty == .hard }.count
            let skips = step.attempts.filter { $0.status == .skipped }.count
            let why = hard >= 2 ? "felt hard in \(hard)" : "was skipped in \(skips)"
            let through = step.through.map { " through \($0)" } ?? ""
            return step.cousin.templateId == step.templateId
                ? "Step-down: \(title(step.templateId)) \(why) of its last \(step.attempts.count) attempts, so its \(step.cousin.duration.minutes)-minute version stands in\(through)."
                : "Step-down: \(title(step.templateId)) \(why) of its last \(step.attempts.count) attempts, so this easier cousin stands in\(through)."
        case .ritualProtection(let days):
            return "Ritual protection: done \(days) days in a row, so it keeps its place and the other picks rotate around it."
        case .frictionDampener(let dampener):
            let indices = dampener.frictionIndices.map { String(format: "%.2f", $0) }.joined(separator: ", ")
            return "Friction dampener: friction stayed above 0.4 for 3 days (\(indices) up to \(dampener.triggeredOn)), so scoring pauses through \(dampener.through) and the Coping Kit offers short, easy actions."
        case .bandwidthBias(let duration):
            return duration == .five
                ? "Bandwidth bias: last week you mostly chose the shortest variant, so 5-minute versions get a boost this week."
                : "Bandwidth bias: last week you mostly chose the longest variant, so 20-minute versions get a boost this week."
        }
    }

    private func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}
