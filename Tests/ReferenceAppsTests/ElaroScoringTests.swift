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
        let shown = [ElaroAnalyticsEvent(payload: .todayShown(templateIds: ["A-EMO-001"]), timestamp: instant("2025-01-25", 8, in: F.berlin)),
                     ElaroAnalyticsEvent(payload: .todayShown(templateIds: ["A-EMO-003"]), timestamp: instant("2025-01-26", 8, in: F.berlin))]
        let recommender = F.recommender(history, events: shown)
        let now = instant("2025-01-27", 19, 30, in: F.berlin)
        let plan = recommender.plan(at: now)
        #expect(plan.targetDuration == .five && plan.signals.noveltyTolerance == .med)
        let context = ScoringContext(day: plan.day, hour: 19, signals: plan.signals, bias: nil)
        let familiar = recommender.components(of: F.template("A-EMO-001"), at: .five, context)
        // Done over shown: labeling 1/1 and co_regulation 1/2 → 0.75; both tags are in the emotion blocks → 1.
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

    @Test("NoveltyBoost: gentle novelty if tolerance ≥ med: a template not tried in 14 days gets 1 at high, 0.5 at med, 0 at low; a familiar one 0")
    func noveltyBoost() throws {
        let history = [F.instance("2025-01-25", "A-EMO-001", .done), F.instance("2025-01-10", "A-EMO-002", .done)]  // A-EMO-002: 17 days ago
        let recommender = F.recommender(history)
        let day = CalendarDate("2025-01-27")!
        var signals = F.signals(history).signals(on: day.adding(days: -1))
        var boosts: [NoveltyTolerance: Double] = [:]
        var scores: [NoveltyTolerance: Double] = [:]
        for tolerance in NoveltyTolerance.allCases {
            signals.noveltyTolerance = tolerance
            let context = ScoringContext(day: day, hour: 19, signals: signals, bias: nil)
            let novel = recommender.components(of: F.template("A-EMO-002"), at: .five, context)
            boosts[tolerance] = novel.noveltyBoost
            scores[tolerance] = novel.priorityScore
            #expect(recommender.components(of: F.template("A-EMO-001"), at: .five, context).noveltyBoost == 0, "tried 2 days ago: not new")
            let item = recommender.recommendation(F.template("A-EMO-002"), at: .five, context, adaptations: [])
            #expect(item.reasons.contains { $0.hasPrefix("Something new") } == (tolerance != .low), "\(tolerance): \(item.reasons)")
        }
        #expect(boosts == [.low: 0, .med: 0.5, .high: 1])
        #expect(abs(scores[.high]! - scores[.low]! - 0.10) < 1e-12 && abs(scores[.med]! - scores[.low]! - 0.05) < 1e-12)
    }

    @Test("FrictionRisk: penalize patterns marked ‘hard’: the share of hard in its last 4 attempts, subtracted at 0.10")
    func frictionRisk() throws {
        let attempts = [F.instance("2025-01-14", "A-EMO-003", .done, .hard),  // fifth from last: out of the window
                        F.instance("2025-01-20", "A-EMO-003", .done, .hard), F.instance("2025-01-21", "A-EMO-003", .done, .ok),
                        F.instance("2025-01-22", "A-EMO-003", .skipped, .hard), F.instance("2025-01-23", "A-EMO-003", .done, .light)]
        let calm = F.instance("2025-01-23", "A-EMO-001", .done, .light)
        let recommender = F.recommender(attempts + [calm])
        let day = CalendarDate("2025-01-27")!
        let context = ScoringContext(day: day, hour: 19, signals: F.signals(attempts + [calm]).signals(on: day.adding(days: -1)), bias: nil)
        let risky = recommender.components(of: F.template("A-EMO-003"), at: .five, context)
        #expect(risky.frictionRisk == 0.5, "2 hard of the last 4")
        #expect(recommender.components(of: F.template("A-EMO-001"), at: .five, context).frictionRisk == 0, "no hard attempts")
        #expect(recommender.components(of: F.template("A-IND-001"), at: .five, context).frictionRisk == 0, "never attempted")
        var without = risky
        without.frictionRisk = 0
        #expect(abs(without.priorityScore - risky.priorityScore - 0.05) < 1e-12)
        let item = recommender.recommendation(F.template("A-EMO-003"), at: .five, context, adaptations: [])
        #expect(item.reasons.contains("Felt hard in 2 of its last 4 attempts, which lowers its score."), "\(item.reasons)")
    }

    @Test("BandwidthFit: matches preferred 5/10/20-min: 1 at the preference, 0.5 one step away, 0 two steps away, 0.5 without a preference")
    func bandwidthFit() throws {
        let recommender = F.recommender([])
        let day = CalendarDate("2025-01-27")!
        var signals = F.signals([]).signals(on: day)
        signals.bandwidthPreference = .five
        let five = ScoringContext(day: day, hour: 19, signals: signals, bias: nil)
        let storyPause = F.template("A-EMO-004")  // 10 and 20 minutes
        #expect(recommender.components(of: F.template("A-EMO-001"), at: .five, five).bandwidthFit == 1)
        #expect(recommender.components(of: storyPause, at: .ten, five).bandwidthFit == 0.5)
        #expect(recommender.components(of: storyPause, at: .twenty, five).bandwidthFit == 0)
        #expect(five.duration(for: storyPause) == .ten, "offered at its variant nearest the preference")
        signals.bandwidthPreference = nil
        let none = ScoringContext(day: day, hour: 19, signals: signals, bias: nil)
        #expect(recommender.components(of: storyPause, at: .twenty, none).bandwidthFit == 0.5)
        #expect(none.duration(for: storyPause) == .ten, "its shortest without a preference")
        // The week's bandwidth bias overrides the preference as the target.
        signals.bandwidthPreference = .ten
        let biased = ScoringContext(day: day, hour: 19, signals: signals, bias: .twenty)
        #expect(biased.target == .twenty && recommender.components(of: storyPause, at: .twenty, biased).bandwidthFit == 1)
    }

    @Test("across the daylight-saving change the plan's day and a ritual's streak follow local days, in Berlin and in New York")
    func planAcrossDaylightSaving() throws {
        for (zone, days, next) in [(F.berlin, ["2025-03-27", "2025-03-28", "2025-03-29", "2025-03-30"], "2025-03-31"),
                                   (F.newYork, ["2025-03-06", "2025-03-07", "2025-03-08", "2025-03-09"], "2025-03-10")] {
            let ritual = days.map { F.instance($0, "A-IND-002", .done, minutes: .ten) }
            let recommender = F.recommender(ritual, zone: zone)
            #expect(recommender.plan(at: instant(days[3], 23, 30, in: zone)).day == CalendarDate(days[3]), "\(zone.identifier): the short Sunday")
            let plan = recommender.plan(at: instant(next, 0, 30, in: zone))
            #expect(plan.day == CalendarDate(next), "\(zone.identifier)")
            #expect(plan.recommendations.first?.adaptations.first == .ritualProtection(streakDays: 4), "\(zone.identifier): four local days in a row")
        }
    }
}
