// The system SQLite 3 library, as the CSQLite module of the benchmark harness.
#include <sqlite3.h>
