import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro priorityScore and today's plan")
struct ElaroScoringTests {
    typealias F = ElaroFixture

    @Test("priorityScore uses the seed's weights: 0.35, 0.20, 0.15, 0.10, 0.10, 0.10 and −0.10 for friction")
    func weights() {
        let all = ElaroScoreComponents(focusMatch: 1, successProbability: 1, bandwidthFit: 1, timeOfDayFit: 1, noveltyBoost: 1, streakMomentum: 1, frictionRisk: 1)
        #expect(abs(all.priorityScore - 0.90) < 1e-12)
        func only(_ keyPath: WritableKeyPath<ElaroScoreComponents, Double>) -> Double {
            var components = ElaroScoreComponents(focusMatch: 0, successProbability: 0, bandwidthFit: 0, timeOfDayFit: 0, noveltyBoost: 0, streakMomentum: 0, frictionRisk: 0)
            components[keyPath: keyPath] = 1
            return components.priorityScore
        }
        #expect([only(\.focusMatch), only(\.successProbability), only(\.bandwidthFit), only(\.timeOfDayFit), only(\.noveltyBoost),
                 only(\.streakMomentum), only(\.frictionRisk)] == [0.35, 0.20, 0.15, 0.10, 0.10, 0.10, -0.10])
    }

    @Test("priorityScore of real templates: focus match from building-block tags, success from the 7-day tag rates, a gentle novelty boost at med")
    func scoredExample() throws {
        let history = [F.instance("2025-01-25", "A-EMO-001", .done), F.instance("2025-01-26", "A-EMO-003", .skipped)]
        let recommender = F.recommender(history)
        let now = instant("2025-01-27", 19, 30, in: F.berlin)
        let plan = recommender.plan(at: now)
        #expect(plan.targetDuration == .five && plan.signals.noveltyTolerance == .med)
        let context = ScoringContext(day: plan.day, hour: 19, signals: plan.signals, bias: nil)
        let familiar = recommender.components(of: F.template("A-EMO-001"), at: .five, context)
        // labeling 1/1 and co_regulation 1/2 → 0.75; both tags are in the emotion blocks → 1.
        #expect(familiar == ElaroScoreComponents(focusMatch: 1, successProbability: 0.75, bandwidthFit: 1, timeOfDayFit: 0.5,
                                                 noveltyBoost: 0, streakMomentum: 0, frictionRisk: 0))
        #expect(abs(familiar.priorityScore - 0.70) < 1e-12)
        let novel = recommender.components(of: F.template("A-EMO-002"), at: .five, context)
        #expect(novel.focusMatch == 0.75 && novel.successProbability == 1 && novel.noveltyBoost == 0.5)
        #expect(abs(novel.priorityScore - 0.7125) < 1e-12)
        #expect(recommender.components(of: F.template("A-EMO-004"), at: .ten, context).bandwidthFit == 0.5, "one step from the 5-minute target")
        #expect(recommender.candidates.allSatisfy { $0.focusId == .emotionSkills || $0.focusId == .independence }, "paused areas are not candidates")
    }

    @Test("output: the top 2–3 templates, best first, each with reasons[] and a whySummary; 2 when the target is 5 minutes, 3 otherwise")
    func topTwoOrThree() throws {
        let short = F.recommender([F.instance("2025-01-25", "A-EMO-001", .done)]).plan(at: instant("2025-01-27", 19, in: F.berlin))
        #expect(short.recommendations.count == 2)
        let history = [F.instance("2025-01-25", "A-EMO-001", .done, minutes: .ten), F.instance("2025-01-26", "A-IND-002", .done, minutes: .ten)]
        let plan = F.recommender(history).plan(at: instant("2025-01-27", 19, in: F.berlin))
        #expect(plan.mode == .scored && plan.recommendations.count == 3)
        #expect(plan.recommendations.map(\.score) == plan.recommendations.map(\.score).sorted(by: >))
        for item in plan.recommendations + short.recommendations {
            #expect(!item.reasons.isEmpty && item.whySummary.hasPrefix("Suggested because it ") && item.whySummary.hasSuffix("."), "\(item)")
            #expect(item.reasons.contains { $0.contains(item.focusId.displayName) }, "the focus match is explained: \(item.reasons)")
        }
        #expect(plan.recommendations.allSatisfy { F.template($0.templateId).variant($0.duration) != nil }, "a variant the template has")
        let single = F.recommender([], areas: [F.areas[0]], templates: [F.template("A-EMO-001"), F.template("A-EMO-003")]).plan(at: instant("2025-01-27", 19, in: F.berlin))
        #expect(single.recommendations.count == 2, "fewer candidates, fewer picks")
    }

    @Test("the plan for a day reads only the days before it: logging today's actions does not change it")
    func planIgnoresToday() {
        let history = [F.instance("2025-01-25", "A-EMO-001", .done, minutes: .ten)]
        let now = instant("2025-01-27", 19, in: F.berlin)
        let before = F.recommender(history).plan(at: now)
        let after = F.recommender(history + [F.instance("2025-01-27", "A-EMO-002", .skipped, .hard)]).plan(at: now)
        #expect(before == after)
    }

    @Test("days follow the time zone: 23:30 in New York on the 26th plans the 26th, the same instant in Tokyo plans the 27th")
    func planDayInTwoZones() {
        let now = instant("2025-01-26", 23, 30, in: F.newYork)
        #expect(F.recommender([], zone: F.newYork).plan(at: now).day == CalendarDate("2025-01-26"))
        #expect(F.recommender([], zone: F.tokyo).plan(at: now).day == CalendarDate("2025-01-27"))
    }
}
