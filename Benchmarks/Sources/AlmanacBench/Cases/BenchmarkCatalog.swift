/// Every case, in the order a run does them (the read cases and the migration reuse the batch
/// case's stores; the migration copies them, so it comes last).
enum BenchmarkCatalog {
    /// The cases' names, for `--case`.
    static let names = [
        SingleSaveCase.name, BatchSaveCase.name, RangeQueryCase.name, NewestQueryCase.name, ObservationLatencyCase.name,
        ReadDuringWriteCase.name, FullScanCase.name, OpenReadCase.name, ColdReadCase.name, ScanMemoryCase.name, ValidationCase.name, TransactionCase.name,
        BackupCase.name, MigrationCase.name,
    ]

    /// The case called `name`.
    static func makeCase(_ name: String) -> any BenchmarkCase {
        switch name {
        case SingleSaveCase.name: SingleSaveCase()
        case BatchSaveCase.name: BatchSaveCase()
        case RangeQueryCase.name: RangeQueryCase()
        case NewestQueryCase.name: NewestQueryCase()
        case ObservationLatencyCase.name: ObservationLatencyCase()
        case ReadDuringWriteCase.name: ReadDuringWriteCase()
        case FullScanCase.name: FullScanCase()
        case OpenReadCase.name: OpenReadCase()
        case ColdReadCase.name: ColdReadCase()
        case ValidationCase.name: ValidationCase()
        case MigrationCase.name: MigrationCase()
        case TransactionCase.name: TransactionCase()
        case BackupCase.name: BackupCase()
        default: ScanMemoryCase()
        }
    }
}
