import ExcelJS from 'exceljs'

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** How a date cell shows: the ISO day, as the app writes days everywhere. */
export const XLSX_DAY_FORMAT = 'yyyy-mm-dd'

/**
 * A workbook of one sheet written row by row to a file (an export of many rows never sits in memory), each cell
 * typed: a day (YYYY-MM-DD) a date cell with a date format, a number a number, anything else text — a text cell,
 * never a formula, whatever it begins with. A bold header row.
 */
export function xlsxFile(file: string, sheetName: string, columns: Array<{ header: string; width: number }>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true })
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  return {
    row(values: ReadonlyArray<string | number | null>) {
      const row = sheet.addRow(
        values.map((v) => {
          if (typeof v !== 'string' || !DAY.test(v)) return v
          const [y, m, d] = v.split('-').map(Number) as [number, number, number]
          return new Date(Date.UTC(y, m - 1, d))
        }),
      )
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = XLSX_DAY_FORMAT
      })
      row.commit()
    },
    async end() {
      sheet.commit()
      await workbook.commit()
    },
  }
}
