import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro adaptation rules")
struct ElaroAdaptationTests {
    typealias F = ElaroFixture
    static let day = CalendarDate("2025-01-24")!

    @Test("step-up after 3 of 4 successes with ≤ 1 hard: propose the slightly harder cousin")
    func stepUp() throws {
        let attempts = [F.instance("2025-01-20", "A-EMO-001", .done), F.instance("2025-01-21", "A-EMO-001", .skipped),
                        F.instance("2025-01-22", "A-EMO-001", .done, .hard), F.instance("2025-01-23", "A-EMO-001", .done, .light)]
        let step = try #require(F.rules(attempts).stepUp(for: "A-EMO-001", on: Self.day))
        // Harder cousins sharing "labeling": Feelings charades and Story pause, both difficulty 2; the lower id wins.
        #expect(step.direction == .up && step.cousin == ElaroCousin(templateId: "A-EMO-002", duration: .five))
        #expect(step.attempts == attempts)

        // In the plan the cousin takes the slot of the template it steps up from, with its reason.
        let plan = F.recommender(attempts, areas: [F.areas[0]]).plan(at: instant("2025-01-24", 19, in: F.berlin))
        let proposed = try #require(plan.recommendations.first { $0.templateId == "A-EMO-002" })
        #expect(proposed.adaptations.contains { if case .stepUp = $0 { true } else { false } })
        #expect(proposed.reasons.first?.hasPrefix("Step-up: 3 of the last 4 attempts of “Name your feeling first, invite theirs”") == true, "\(proposed.reasons)")
        #expect(!plan.recommendations.contains { $0.templateId == "A-EMO-001" })
    }

    @Test("no step-up with 2 hard, with 2 of 4 done, or with only 3 attempts; only the last 4 attempts count")
    func noStepUp() {
        let twoHard = [F.instance("2025-01-20", "A-EMO-001", .done, .hard), F.instance("2025-01-21", "A-EMO-001", .done),
                       F.instance("2025-01-22", "A-EMO-001", .done, .hard), F.instance("2025-01-23", "A-EMO-001", .done)]
        #expect(F.rules(twoHard).stepUp(for: "A-EMO-001", on: Self.day) == nil)
        let twoDone = [F.instance("2025-01-20", "A-EMO-001", .snoozed), F.instance("2025-01-21", "A-EMO-001", .done),
                       F.instance("2025-01-22", "A-EMO-001", .skipped), F.instance("2025-01-23", "A-EMO-001", .done)]
        #expect(F.rules(twoDone).stepUp(for: "A-EMO-001", on: Self.day) == nil)
        #expect(F.rules(Array(twoHard.suffix(3)).map { var i = $0; i.feltDifficulty = .ok; return i }).stepUp(for: "A-EMO-001", on: Self.day) == nil)
        // An old hard attempt drops out of the window of four.
        let older = [F.instance("2025-01-10", "A-EMO-001", .done, .hard), F.instance("2025-01-11", "A-EMO-001", .done, .hard)]
        #expect(F.rules(older + twoDone.map { var i = $0; i.status = .done; return i }).stepUp(for: "A-EMO-001", on: Self.day) != nil)
        // Attempts on the day itself wait for tomorrow.
        #expect(F.rules(twoDone.map { var i = $0; i.status = .done; return i }).stepUp(for: "A-EMO-001", on: CalendarDate("2025-01-23")!) == nil)
    }

    @Test("step-up without a harder cousin: the same template one variant longer")
    func stepUpLongerVariant() throws {
        let attempts = (20...23).map { F.instance("2025-01-\($0)", "A-EMO-003", .done) }
        let step = try #require(F.rules(attempts).stepUp(for: "A-EMO-003", on: Self.day))
        #expect(step.cousin == ElaroCousin(templateId: "A-EMO-003", duration: .ten))
        let longest = (20...23).map { F.instance("2025-01-\($0)", "A-EMO-003", .done, minutes: .twenty) }
        #expect(F.rules(longest).stepUp(for: "A-EMO-003", on: Self.day) == nil, "nothing harder to offer")
    }

    @Test("step-down after ≥ 2 hard in the last 4: the easier cousin for the 3 days after, then the template is back")
    func stepDownHard() throws {
        // Light days before keep the friction index low: this is about the step rule, not the dampener.
        let calm = (0..<4).map { _ in F.instance("2025-01-19", "A-EMO-003", .done, .light) }
        let attempts = calm + [F.instance("2025-01-20", "A-EMO-002", .done), F.instance("2025-01-21", "A-EMO-002", .done, .hard),
                               F.instance("2025-01-22", "A-EMO-002", .done, .hard)]
        let rules = F.rules(attempts)
        #expect(rules.stepDown(for: "A-EMO-002", on: CalendarDate("2025-01-22")!) == nil, "not on the day of the trigger")
        for day in ["2025-01-23", "2025-01-24", "2025-01-25"] {
            let step = try #require(rules.stepDown(for: "A-EMO-002", on: CalendarDate(day)!), "\(day)")
            #expect(step.cousin == ElaroCousin(templateId: "A-EMO-001", duration: .five) && step.through == CalendarDate("2025-01-25"))
        }
        #expect(rules.stepDown(for: "A-EMO-002", on: CalendarDate("2025-01-26")!) == nil, "3 days, then back")

        // In the plan A-EMO-002 is not offered during the swap, and the swap is listed.
        let only = [F.template("A-EMO-001"), F.template("A-EMO-002")]
        let during = F.recommender(attempts, areas: [F.areas[0]], templates: only).plan(at: instant("2025-01-24", 19, in: F.berlin))
        #expect(during.recommendations.map(\.templateId) == ["A-EMO-001"], "\(during.recommendations.map { ($0.templateId, $0.adaptations, $0.score) })")
        #expect(during.stepDowns.map(\.templateId) == ["A-EMO-002"])
        let after = F.recommender(attempts, areas: [F.areas[0]], templates: only).plan(at: instant("2025-01-26", 19, in: F.berlin))
        #expect(Set(after.recommendations.map(\.templateId)) == ["A-EMO-001", "A-EMO-002"])
    }

    @Test("step-down after 2 skips in the last 4: the easier cousin stands in, its reason names the rule; one skip is not enough")
    func stepDownSkips() throws {
        let attempts = [F.instance("2025-01-21", "A-IND-003", .skipped, minutes: .ten), F.instance("2025-01-22", "A-IND-003", .done, minutes: .ten),
                        F.instance("2025-01-23", "A-IND-003", .skipped, minutes: .ten)]
        let step = try #require(F.rules(attempts).stepDown(for: "A-IND-003", on: Self.day))
        #expect(step.cousin == ElaroCousin(templateId: "A-IND-001", duration: .ten), "Two-choice outfits shares self_care and is easier")
        let recommender = F.recommender(attempts, areas: [F.areas[1]], templates: [F.template("A-IND-003"), F.template("A-IND-001")])
        let plan = recommender.plan(at: instant("2025-01-24", 7, in: F.berlin))
        #expect(plan.recommendations.map(\.templateId) == ["A-IND-001"], "the snack helper is not offered during the swap")
        #expect(plan.stepDowns == [step])
        let context = ScoringContext(day: plan.day, hour: 7, signals: plan.signals, bias: nil)
        let swapped = recommender.recommendation(F.template("A-IND-001"), at: .ten, context, adaptations: [.stepDown(step)])
        #expect(swapped.reasons.first == "Step-down: “Snack helper: pour and spread” was skipped in 2 of its last 3 attempts, so this easier cousin stands in through 2025-01-26.")
        #expect(swapped.whySummary.hasPrefix("Suggested because it is an easier stand-in for a few days"))
        #expect(F.rules(Array(attempts.prefix(2))).stepDown(for: "A-IND-003", on: Self.day) == nil)
    }

    @Test("bandwidth bias: consistently shortest last Monday-based week boosts 5-minute candidates this week, longest boosts 20")
    func bandwidthBias() throws {
        let shortest = [F.instance("2025-01-20", "A-EMO-001"), F.instance("2025-01-22", "A-EMO-003"),
                        F.instance("2025-01-24", "A-EMO-002"), F.instance("2025-01-26", "A-EMO-004", minutes: .ten)]  // Story pause starts at 10
        let rules = F.rules(shortest)
        #expect(rules.bandwidthBias(on: CalendarDate("2025-01-27")!) == .five, "Monday: last week was all shortest")
        #expect(rules.bandwidthBias(on: CalendarDate("2025-02-02")!) == .five, "the whole week")
        #expect(rules.bandwidthBias(on: CalendarDate("2025-01-26")!) == nil, "Sunday still reads the week before, which is empty")
        #expect(rules.bandwidthBias(on: CalendarDate("2025-02-03")!) == nil, "the next week reads this one")
        let longest = [F.instance("2025-01-20", "A-EMO-001", minutes: .twenty), F.instance("2025-01-21", "A-EMO-002", minutes: .ten),
                       F.instance("2025-01-22", "A-EMO-003", minutes: .twenty), F.instance("2025-01-23", "A-EMO-001", minutes: .five)]
        #expect(F.rules(longest).bandwidthBias(on: CalendarDate("2025-01-27")!) == .twenty, "3 of 4 longest is 75%")
        let mixed = [F.instance("2025-01-20", "A-EMO-001", minutes: .twenty), F.instance("2025-01-21", "A-EMO-001", minutes: .ten),
                     F.instance("2025-01-22", "A-EMO-001")]
        #expect(F.rules(mixed).bandwidthBias(on: CalendarDate("2025-01-27")!) == nil)
        #expect(F.rules(Array(shortest.prefix(2))).bandwidthBias(on: CalendarDate("2025-01-27")!) == nil, "two picks are not a habit")

        // In the plan the bias beats a 10-minute preference: 5-minute variants, the bias named as a reason.
        let recent = (27...31).map { F.instance("2025-01-\($0)", "A-IND-002", .done, minutes: .ten) }
        let plan = F.recommender(shortest + recent).plan(at: instant("2025-02-01", 19, in: F.berlin))
        #expect(plan.signals.bandwidthPreference == .ten && plan.bandwidthBias == .five && plan.targetDuration == .five)
        let biased = plan.recommendations.filter { $0.duration == .five }
        #expect(!biased.isEmpty && biased.allSatisfy { $0.reasons.contains { $0.hasPrefix("Bandwidth bias: last week you mostly chose the shortest") } })
    }

    @Test("timing bias: favour hour buckets with higher completion, for the template around now, else for all actions")
    func timingBias() throws {
        let events = [F.outcome("2025-01-20", 19, "A-EMO-003", .done), F.outcome("2025-01-21", 19, "A-EMO-003", .done),
                      F.outcome("2025-01-22", 20, "A-EMO-001", .done), F.outcome("2025-01-21", 7, "A-IND-001", .skipped),
                      F.outcome("2025-01-22", 7, "A-IND-001", .skipped), F.outcome("2025-01-23", 7, "A-IND-002", .done),
                      F.outcome("2025-01-23", 12, "A-EMO-001", .done)]
        let recommender = F.recommender([], events: events)
        #expect(recommender.rules.bestHours(before: Self.day) == [19, 7], "12:00 has a single outcome")
        func fit(_ template: String, at hour: Int) -> Double {
            let plan = recommender.plan(at: instant("2025-01-24", hour, 30, in: F.berlin))
            return recommender.components(of: F.template(template), at: .five, ScoringContext(day: plan.day, hour: hour, signals: plan.signals, bias: nil)).timeOfDayFit
        }
        #expect(fit("A-EMO-003", at: 19) == 1, "its own evenings went well")
        #expect(fit("A-IND-001", at: 7) == 0, "its own mornings were skipped")
        #expect(fit("A-EMO-003", at: 7) == 1.0 / 3, "no own outcomes around 7: all of them, 1 of 3")
        #expect(fit("A-EMO-003", at: 15) == 0.5, "no outcomes around 15:00: neutral")
        #expect(fit("A-EMO-003", at: 19) > fit("A-IND-001", at: 19) || fit("A-IND-001", at: 19) == 1)
    }

    @Test("friction dampener: frictionIndex > 0.4 for 3 consecutive days pauses scoring for 3 days with the Coping Kit")
    func frictionDampener() throws {
        let hard = [F.instance("2025-01-20", "A-EMO-003", .done, .hard), F.instance("2025-01-21", "A-IND-003", .skipped, .hard, minutes: .ten),
                    F.instance("2025-01-22", "A-EMO-003", .done, .hard), F.instance("2025-01-22", "A-IND-004", .done, .ok)]
        let calm = (0..<4).map { _ in F.instance("2025-01-23", "A-IND-004", .done, .light) }
        let rules = F.rules(hard + calm)
        #expect([20, 21, 22, 23].map { rules.signals.frictionIndex(on: CalendarDate("2025-01-\($0)")!) } == [1, 1, 0.75, 3.0 / 8])
        #expect(rules.frictionDampener(on: CalendarDate("2025-01-22")!) == nil, "two days are not three")
        for day in ["2025-01-23", "2025-01-24", "2025-01-25"] {
            let dampener = try #require(rules.frictionDampener(on: CalendarDate(day)!), "\(day)")
            #expect(dampener.triggeredOn == CalendarDate("2025-01-22") && dampener.through == CalendarDate("2025-01-25"))
            #expect(dampener.frictionIndices == [1, 1, 0.75])
        }
        #expect(rules.frictionDampener(on: CalendarDate("2025-01-26")!) == nil)

        let plan = F.recommender(hard + calm).plan(at: instant("2025-01-24", 19, in: F.berlin))
        #expect(plan.mode == .copingKit && plan.recommendations.count == 2)
        // Calming first, easiest first, tried lately first: bubble breathing, then name your feeling; shortest variants.
        #expect(plan.recommendations.map(\.templateId) == ["A-EMO-003", "A-EMO-001"])
        for item in plan.recommendations {
            #expect(item.components == nil && item.score == 0 && item.duration == .five)
            #expect(F.template(item.templateId).difficulty == 1)
            #expect(item.reasons.first?.hasPrefix("Friction dampener: friction stayed above 0.4 for 3 days") == true)
            #expect(item.whySummary == "Suggested because it is short and easy while things feel hard.")
        }
        #expect(F.recommender(hard + calm).plan(at: instant("2025-01-26", 19, in: F.berlin)).mode == .scored)
    }

    @Test("ritual protection: a streaking ritual is not replaced (not even by a step-up) and the other picks rotate around it")
    func ritualProtection() throws {
        let ritual = (23...26).map { F.instance("2025-01-\($0)", "A-IND-002", .done, minutes: .ten) }
        let yesterday = F.instance("2025-01-26", "A-EMO-003", .done, .light, minutes: .ten)
        let recommender = F.recommender(ritual + [yesterday])
        #expect(recommender.rules.isRitual(F.template("A-IND-002"), areas: F.areas))
        #expect(!recommender.rules.isRitual(F.template("A-IND-004"), areas: F.areas), "one shared tag of two is not the ritual")
        #expect(recommender.rules.stepUp(for: "A-IND-002", on: CalendarDate("2025-01-27")!) != nil, "it has earned a step-up")
        let plan = recommender.plan(at: instant("2025-01-27", 7, 30, in: F.berlin))
        let first = try #require(plan.recommendations.first)
        #expect(first.templateId == "A-IND-002" && first.duration == .ten)
        #expect(first.adaptations.first == .ritualProtection(streakDays: 4))
        #expect(!first.adaptations.contains { if case .stepUp = $0 { true } else { false } })
        #expect(first.components?.streakMomentum == 4.0 / 7)
        #expect(first.reasons.first == "Ritual protection: done 4 days in a row, so it keeps its place and the other picks rotate around it.")
        #expect(plan.recommendations.count == 3 && !plan.recommendations.contains { $0.templateId == "A-EMO-003" },
                "yesterday's bubble breathing rotates to the back")
        // A streak of 2 is not protected yet.
        let short = F.recommender(Array(ritual.suffix(2))).plan(at: instant("2025-01-27", 7, 30, in: F.berlin))
        #expect(short.recommendations.allSatisfy { $0.adaptations.allSatisfy { $0 != .ritualProtection(streakDays: 2) } })
        // The dampener keeps the ritual too.
        let hard = ["2025-01-24", "2025-01-25", "2025-01-26"].flatMap { [F.instance($0, "A-EMO-003", .done, .hard), F.instance($0, "A-EMO-001", .done, .hard)] }
        let dampened = F.recommender(ritual + hard).plan(at: instant("2025-01-27", 7, 30, in: F.berlin))
        #expect(dampened.mode == .copingKit && dampened.recommendations.first?.templateId == "A-IND-002")
    }

    @Test("friction dampener: frictionIndex > 0.4 is strict: exactly 0.4 for 3 consecutive days does not pause scoring, 0.6 does")
    func frictionDampenerThreshold() throws {
        // Five actions on the 20th, two of them hard: 0.4 on the 20th, 21st and 22nd.
        let atThreshold = [F.instance("2025-01-20", "A-EMO-003", .done, .hard), F.instance("2025-01-20", "A-EMO-001", .done, .hard)]
            + (0..<3).map { _ in F.instance("2025-01-20", "A-IND-004", .done, .ok) }
        let rules = F.rules(atThreshold)
        #expect([20, 21, 22].map { rules.signals.frictionIndex(on: CalendarDate("2025-01-\($0)")!) } == [0.4, 0.4, 0.4])
        #expect(rules.frictionDampener(on: CalendarDate("2025-01-23")!) == nil)
        #expect(F.recommender(atThreshold).plan(at: instant("2025-01-23", 19, in: F.berlin)).mode == .scored)
        let above = atThreshold + [F.instance("2025-01-20", "A-IND-001", .skipped, .hard)]  // 3 of 6 = 0.5
        let dampener = try #require(F.rules(above).frictionDampener(on: CalendarDate("2025-01-23")!))
        #expect(dampener.frictionIndices == [0.5, 0.5, 0.5] && dampener.through == CalendarDate("2025-01-25"))
        #expect(F.recommender(above).plan(at: instant("2025-01-23", 19, in: F.berlin)).mode == .copingKit)
    }

    @Test("contraindications: skip_if_dysregulated keeps a template out of a day whose friction index is above 0.4, as seed 001 says")
    func skipIfDysregulated() throws {
        // The 23rd: 2 of 4 actions hard (0.5); no dampener, as the days before were calm.
        let day = [F.instance("2025-01-23", "A-EMO-003", .done, .hard), F.instance("2025-01-23", "A-IND-002", .skipped, .hard),
                   F.instance("2025-01-23", "A-IND-004", .done, .ok), F.instance("2025-01-23", "A-IND-002", .done, .ok)]
        let recommender = F.recommender(day)
        #expect(recommender.rules.signals.frictionIndex(on: CalendarDate("2025-01-23")!) == 0.5)
        let plan = recommender.plan(at: instant("2025-01-24", 19, in: F.berlin))
        #expect(plan.mode == .scored && !plan.recommendations.isEmpty)
        let dysregulated = Set(F.templates.filter { $0.contraindications.contains("skip_if_dysregulated") }.map(\.id))
        #expect(plan.recommendations.allSatisfy { !dysregulated.contains($0.templateId) }, "\(plan.recommendations.map(\.templateId))")
        // The same day without the contraindications ranks one of them in: the rule is what keeps it out.
        let unmarked = F.templates.map { template -> ActionTemplate in
            var plain = template
            plain.contraindications = []
            return plain
        }
        let without = F.recommender(day, templates: unmarked).plan(at: instant("2025-01-24", 19, in: F.berlin))
        #expect(without.recommendations.contains { dysregulated.contains($0.templateId) }, "\(without.recommendations.map(\.templateId))")
        // With one hard action of four (0.25) they are candidates again, and A-EMO-001 ranks in.
        let calmer = [F.instance("2025-01-23", "A-EMO-003", .done, .hard)] + day.dropFirst(2) + [F.instance("2025-01-23", "A-IND-002", .done, .ok)]
        let calm = F.recommender(calmer)
        #expect(calm.rules.signals.frictionIndex(on: CalendarDate("2025-01-23")!) == 0.25)
        let ranked = calm.candidates.filter { !ElaroRecommender.contraindicated($0, ScoringContext(day: CalendarDate("2025-01-24")!, hour: 19,
            signals: calm.signalCalculator.signals(on: CalendarDate("2025-01-23")!), bias: nil)) }
        #expect(ranked.contains { $0.id == "A-EMO-001" }, "not contraindicated on a calm day")
    }
}
