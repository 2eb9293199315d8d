import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro models")
struct ElaroModelTests {
    let conformance = SchemaConformance(app: "elaro", timeZone: ElaroFixture.berlin)
    static let moment = Date(timeIntervalSince1970: 1_737_986_580)  // 2025-01-27T14:03:00Z

    static var fullArea: FocusArea {
        FocusArea(name: .emotionSkills, active: true, startedAt: moment, buildingBlocks: [
            BuildingBlock(type: .microSkill, title: "Name the feeling", description: "Yours first.", tags: ["labeling"]),
            BuildingBlock(type: .ritual, title: "Evening check-in", description: "After dinner.", tags: ["co_regulation", "routine"]),
            BuildingBlock(type: .support, title: "Calm-down corner", description: "A cushion and a bubble wand.", tags: ["calming"]),
        ])
    }

    @Test("every model, fully populated, validates against its schema file and round-trips through a store")
    func everyModelConforms() throws {
        let template = ElaroFixture.template("A-EMO-001")
        try conformance.withStore { store in
            // The references must resolve: the area before the template before the instance.
            try store.save(Self.fullArea)
            try store.save(template)
            let instance = ActionInstance(date: CalendarDate("2025-01-27")!, templateId: "A-EMO-001", variantDuration: .ten, status: .done,
                                          feltDifficulty: .light, mood: "calm", note: "She named 'nervous' herself.")
            try store.save(instance)
            #expect(try store.document(ActionInstance.self, id: instance.id) == instance)
        }
        try conformance.expectConforms(Self.fullArea)
        let milestone = Milestone(id: "M-EMO-001", focusId: .emotionSkills, title: "Names own basic feelings", description: "Happy, sad, mad, scared.",
                                  tags: ["labeling"], sequence: 1, contentVersion: 1, source: "Elaro", achievedAt: Self.moment)
        let summary = WeeklySummary(weekStart: CalendarDate("2025-01-27")!, winText: "Calm mornings.", hardText: "Rushed evenings.", suggestedTweak: .scaleDown)
        try conformance.expectConforms(summary)
        let payloads: [ElaroAnalyticsEvent.Payload] = [
            .focusActivate(focusId: .independence), .todayShown(templateIds: ["A-EMO-001", "A-EMO-003"]), .todayPick(templateId: "A-EMO-001", variant: .ten),
            .todayComplete(templateId: "A-EMO-001"), .todaySnooze(templateId: "A-EMO-001"), .todaySkip(templateId: "A-EMO-001"),
            .todayReflect(difficulty: .hard), .weekChoice(decision: .scaleUp), .monthAcceptBlocks(count: 3),
        ]
        #expect(Set(payloads.map(\.name)) == Set(ElaroAnalyticsEvent.Name.allCases))
        for payload in payloads {
            try conformance.expectConforms(ElaroAnalyticsEvent(payload: payload, timestamp: Self.moment, uploaded: true))
        }
        // Templates and milestones and instances need their references: check them in one store.
        for (value, collection) in [(try DocumentEncoder().encode(template), "action-templates"), (try DocumentEncoder().encode(milestone), "milestones")] {
            let (violations, missing) = try conformance.problems(value, in: collection)
            #expect(violations.isEmpty && missing.isEmpty, "\(collection): \(violations) \(missing)")
        }
        let instance = ActionInstance(date: CalendarDate("2025-01-27")!, templateId: "A-EMO-001", variantDuration: .ten, status: .skipped,
                                      feltDifficulty: .hard, mood: "tired", note: "Too rushed.")
        let (violations, missing) = try conformance.problems(try DocumentEncoder().encode(instance), in: "action-instances")
        #expect(violations.isEmpty && missing.isEmpty, "\(violations) \(missing)")
        try conformance.withStore { store in
            try store.save(Self.fullArea)
            try store.save(template)
            try store.save(milestone)
            #expect(try store.document(Milestone.self, id: "M-EMO-001") == milestone)
            #expect(try store.document(ActionTemplate.self, id: "A-EMO-001") == template)
        }
    }

    @Test("the seed's ActionTemplate example (JSON) reads, validates and, given its Elaro source, matches the schema")
    func seedTemplateExample() throws {
        let json = #"""
        {
          "id": "A-EMO-001",
          "focusId": "emotion_skills",
          "title": "Name your feeling first, invite theirs",
          "whyLine": "Models language and safety for sharing",
          "tags": ["labeling", "co_regulation"],
          "difficulty": 1,
          "variants": [
            { "durationMinutes": 5,  "steps": ["Say 'I feel… because…'", "Ask 'What’s your feeling?' "] },
            { "durationMinutes": 10, "steps": ["Add a feelings chart" ] }
          ],
          "contraindications": ["skip_if_dysregulated"],
          "contentVersion": 1
        }
        """#
        let template = try JSONDecoder().decode(ActionTemplate.self, from: Data(json.utf8))
        #expect(template.focusId == .emotionSkills && template.difficulty == 1 && template.durations == [.five, .ten])
        #expect(template.source == "Elaro", "a template without source reads as Elaro's, as migration 0002 fills it in")
        #expect(template.variant(.ten)?.steps == ["Add a feelings chart"])
        #expect(template.variant(.five)?.steps == ["Say 'I feel… because…'", "Ask 'What’s your feeling?' "])
        #expect(template.id == "A-EMO-001" && template.title == "Name your feeling first, invite theirs")
        #expect(template.whyLine == "Models language and safety for sharing" && template.tags == ["labeling", "co_regulation"])
        #expect(template.contraindications == ["skip_if_dysregulated"] && template.contentVersion == 1)
        try template.validate()
        let (violations, missing) = try conformance.problems(try DocumentEncoder().encode(template), in: "action-templates")
        #expect(violations.isEmpty && missing.isEmpty)
    }

    @Test("ActionTemplate difficulty 1..5 and TemplateVariant durationMinutes 5/10/20: the schema and the model refuse an unknown duration, a template with two 5-minute variants, difficulty 0 or 6")
    func schemaAndModelAgree() throws {
        // An unknown duration (15 minutes) does not read as a TemplateVariant and breaks the schema.
        #expect(VariantDuration.allCases.map(\.minutes) == [5, 10, 20])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TemplateVariant.self, from: Data(#"{"durationMinutes":15,"steps":["a"]}"#.utf8)) }
        var encoded = try DocumentEncoder().encode(ElaroFixture.template("A-EMO-001"))
        guard case .object(var members) = encoded, case .array(var variants)? = members["variants"], case .object(var first) = variants[0] else {
            Issue.record("A-EMO-001 encodes as an object with variants")
            return
        }
        first["durationMinutes"] = .number(JSONNumber(15))
        variants[0] = .object(first)
        members["variants"] = .array(variants)
        encoded = .object(members)
        #expect(!(try conformance.problems(encoded, in: "action-templates").violations.isEmpty), "the schema accepts a 15-minute variant")
        var easiest = ElaroFixture.template("A-EMO-001")
        easiest.difficulty = 0
        try conformance.expectRefused(easiest)
        expectRule("/difficulty") { try easiest.validate() }
        for difficulty in 1...5 {
            var valid = ElaroFixture.template("A-EMO-001")
            valid.difficulty = difficulty
            try valid.validate()
            let (violations, _) = try conformance.problems(try DocumentEncoder().encode(valid), in: "action-templates")
            #expect(violations.isEmpty, "difficulty \(difficulty)")
        }
        var twice = ElaroFixture.template("A-EMO-001")
        twice.variants = [TemplateVariant(durationMinutes: .five, steps: ["a"]), TemplateVariant(durationMinutes: .five, steps: ["b"])]
        try conformance.expectRefused(twice)
        let error = #expect(throws: AlmanacError.self) { try twice.validate() }
        #expect(error?.code == .ruleViolated && error?.pointer == "/variants")
        var hard = ElaroFixture.template("A-EMO-001")
        hard.difficulty = 6
        try conformance.expectRefused(hard)
        #expect((#expect(throws: AlmanacError.self) { try hard.validate() })?.pointer == "/difficulty")
    }

    @Test("rule at-most-two-active: two active areas pass; a third throws .ruleViolated at /active naming the active ones")
    func atMostTwoActive() throws {
        var areas = ElaroFixture.areas
        try FocusArea.validateActiveLimit(areas)
        var third = Self.fullArea
        third.id = .connection
        third.name = .connection
        areas[2] = third
        let error = #expect(throws: AlmanacError.self) { try FocusArea.validateActiveLimit(areas) }
        #expect(error?.code == .ruleViolated && error?.pointer == "/active" && error?.id == "connection")
        #expect(error?.message.contains("emotion_skills, independence, connection") == true, "\(String(describing: error))")
        areas[2].active = false
        try FocusArea.validateActiveLimit(areas)
    }

    @Test("rule at-most-two-active in the store-backed service: activating a third area is refused and nothing is saved")
    func atMostTwoActiveInService() throws {
        try conformance.withStore { store in
            let service = ElaroService(store: store)
            for area in ElaroFixture.areas { try service.save(area) }
            let blocks = Self.fullArea.buildingBlocks
            let error = #expect(throws: AlmanacError.self) { try service.activate(.connection, buildingBlocks: blocks, at: Self.moment) }
            #expect(error?.code == .ruleViolated && error?.pointer == "/active")
            #expect(try store.document(FocusArea.self, id: .connection)?.active == false)
            #expect(try store.documents(ElaroAnalyticsEvent.self).isEmpty, "no focus.activate for a refused activation")
            // Pausing one makes room.
            var independence = try #require(try store.document(FocusArea.self, id: .independence))
            independence.active = false
            try service.save(independence)
            try service.activate(.connection, buildingBlocks: blocks, at: Self.moment)
            #expect(try store.documents(FocusArea.self).filter(\.active).map(\.name).sorted() == [.connection, .emotionSkills])
            #expect(try store.documents(ElaroAnalyticsEvent.self).map(\.payload) == [.focusActivate(focusId: .connection)])
        }
    }

    @Test("a focus area is keyed by its name and has none or exactly three building blocks, three when active")
    func focusAreaOwnRules() throws {
        try Self.fullArea.validate()
        var wrongKey = Self.fullArea
        wrongKey.id = .independence
        #expect((#expect(throws: AlmanacError.self) { try wrongKey.validate() })?.pointer == "/id")
        var twoBlocks = Self.fullArea
        twoBlocks.buildingBlocks.removeLast()
        #expect((#expect(throws: AlmanacError.self) { try twoBlocks.validate() })?.pointer == "/buildingBlocks")
        try conformance.expectRefused(twoBlocks)
        twoBlocks.active = false
        #expect((#expect(throws: AlmanacError.self) { try twoBlocks.validate() })?.pointer == "/buildingBlocks")
        var paused = Self.fullArea
        paused.active = false
        paused.buildingBlocks = []
        try paused.validate()
    }

    @Test("rule variant-of-template: the template's durations pass; another duration or an unknown template throws .ruleViolated")
    func variantOfTemplate() throws {
        let templates = Dictionary(uniqueKeysWithValues: ElaroFixture.templates.map { ($0.id, $0) })
        try ElaroFixture.instance("2025-01-27", "A-EMO-004", minutes: .ten).validate(against: templates)
        let five = ElaroFixture.instance("2025-01-27", "A-EMO-004", minutes: .five)  // Story pause has 10 and 20 only
        let error = #expect(throws: AlmanacError.self) { try five.validate(against: templates) }
        #expect(error?.code == .ruleViolated && error?.pointer == "/variantDuration" && error?.message.contains("10, 20") == true)
        #expect((#expect(throws: AlmanacError.self) { try ElaroFixture.instance("2025-01-27", "A-NOPE").validate(against: templates) })?.pointer == "/templateId")
        try conformance.withStore { store in
            let service = ElaroService(store: store)
            try service.save(ElaroFixture.areas[0])
            try store.save(ElaroFixture.template("A-EMO-004"))
            #expect(throws: AlmanacError.self) { try service.save(five) }
            #expect(try store.documents(ActionInstance.self).isEmpty)
            try service.save(ElaroFixture.instance("2025-01-27", "A-EMO-004", minutes: .twenty))
        }
    }

    @Test("rule week-starts-monday: a Monday passes; a Sunday throws .ruleViolated at /weekStart naming the Monday")
    func weekStartsMonday() throws {
        try WeeklySummary(weekStart: CalendarDate("2025-01-27")!, winText: "", hardText: "", suggestedTweak: .keep).validate()
        let sunday = WeeklySummary(weekStart: CalendarDate("2025-02-02")!, winText: "", hardText: "", suggestedTweak: .keep)
        let error = #expect(throws: AlmanacError.self) { try sunday.validate() }
        #expect(error?.code == .ruleViolated && error?.pointer == "/weekStart" && error?.message.contains("2025-01-27") == true)
        try conformance.withStore { (store: Store) throws in
            #expect(throws: AlmanacError.self) { try ElaroService(store: store).save(sunday) }
            #expect(try store.documents(WeeklySummary.self).isEmpty)
        }
    }

    @Test("an analytics event carries ids, not text: a sentence as a template id throws .ruleViolated into /payload")
    func analyticsEventRules() throws {
        try ElaroAnalyticsEvent(payload: .todayShown(templateIds: ["A-EMO-001"]), timestamp: Self.moment).validate()
        let smuggled = ElaroAnalyticsEvent(payload: .todayShown(templateIds: ["A-EMO-001", "Meltdown before dinner"]), timestamp: Self.moment)
        let error = #expect(throws: AlmanacError.self) { try smuggled.validate() }
        #expect(error?.code == .ruleViolated && error?.pointer == "/payload/templateIds/1")
        #expect((#expect(throws: AlmanacError.self) { try ElaroAnalyticsEvent(payload: .todayComplete(templateId: "too rushed"), timestamp: Self.moment).validate() })?.pointer == "/payload/templateId")
        #expect((#expect(throws: AlmanacError.self) { try ElaroAnalyticsEvent(payload: .todayShown(templateIds: []), timestamp: Self.moment).validate() })?.pointer == "/payload/templateIds")
        #expect((#expect(throws: AlmanacError.self) { try ElaroAnalyticsEvent(payload: .monthAcceptBlocks(count: -1), timestamp: Self.moment).validate() })?.pointer == "/payload/count")
        try conformance.expectRefused(smuggled)
    }

    @Test("FocusArea name is an enum: independence, emotion_skills, connection, executive_skills; the schema refuses any other")
    func focusAreaNames() throws {
        #expect(FocusArea.Name.allCases.map(\.rawValue) == ["independence", "emotion_skills", "connection", "executive_skills"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FocusArea.Name.self, from: Data(#""sleep""#.utf8)) }
        guard case .object(var members) = try DocumentEncoder().encode(Self.fullArea) else { Issue.record("an area is an object"); return }
        members["name"] = .string("sleep")
        members["id"] = .string("sleep")
        #expect(!(try conformance.problems(.object(members), in: "focus-areas").violations.isEmpty))
        for name in FocusArea.Name.allCases {
            var area = Self.fullArea
            area.id = name
            area.name = name
            try conformance.expectConforms(area)
        }
    }

    @Test("BuildingBlock (discriminated union): type microSkill | ritual | support, a short title, an optional description, tags such as choice_making and sequencing")
    func buildingBlockKinds() throws {
        #expect(BuildingBlock.Kind.allCases.map(\.rawValue) == ["microSkill", "ritual", "support"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(BuildingBlock.self, from: Data(#"{"type":"habit","title":"x","tags":[]}"#.utf8))
        }
        let block = try JSONDecoder().decode(BuildingBlock.self, from: Data(#"{"type":"ritual","title":"Picture-card mornings","tags":["sequencing","choice_making"]}"#.utf8))
        #expect(block.type == .ritual && block.description == nil && block.id == nil && block.tags == ["sequencing", "choice_making"])
        var area = Self.fullArea
        area.buildingBlocks[1] = block
        try conformance.expectConforms(area, everyField: true)
        #expect(area.ritual == block && area.buildingBlockTags.isSuperset(of: ["sequencing", "choice_making", "labeling", "calming"]))
        guard case .object(var members) = try DocumentEncoder().encode(Self.fullArea), case .array(var blocks)? = members["buildingBlocks"],
              case .object(var first) = blocks[0] else { Issue.record("an area is an object with blocks"); return }
        first["type"] = .string("habit")
        blocks[0] = .object(first)
        members["buildingBlocks"] = .array(blocks)
        #expect(!(try conformance.problems(.object(members), in: "focus-areas").violations.isEmpty), "the schema refuses a fourth kind")
    }

    @Test("Keep source on templates (Elaro | partner) for auditability: a partner's template keeps its source through the store; one without reads as Elaro")
    func templateSource() throws {
        var partner = ElaroFixture.template("A-EMO-003")
        partner.id = "P-KIDSCO-001"
        partner.source = "KidsCo Partner"
        try conformance.withStore { store in
            try store.save(Self.fullArea)
            try store.save(partner)
            try store.save(ElaroFixture.template("A-EMO-001"))
            #expect(try store.document(ActionTemplate.self, id: "P-KIDSCO-001")?.source == "KidsCo Partner")
            #expect(try store.document(ActionTemplate.self, id: "A-EMO-001")?.source == "Elaro")
        }
        var nameless = partner
        nameless.source = ""
        try conformance.expectRefused(nameless)
    }
}
