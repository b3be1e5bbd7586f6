import { expect, test, unique } from './fixtures'
import { apiCompany, apiDriver, apiPosting, uiLogin } from './marketplace-support'

/** The apply/save answer clears after the spec's 4 s and never hides «Guardar». */
test.describe('a driver applies to a posting on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('the answer leaves after 4 s with JS; «Guardar» stays in view at 375 px', async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.setTimeout(120_000)
    const word = unique('aviso')
    const company = await apiCompany(request)
    const title = `Furgón ${word} con una descripción larga para un teléfono`
    const id = await apiPosting(request, company.token, { title })
    const driver = await apiDriver(request)
    await uiLogin(page, driver.email, driver.password, /\/user\/dashboard\/home$/)

    await page.goto(`/user/dashboard/job-postings/${id}`)
    const detail = page.getByRole('main')
    const apply = detail.getByRole('button', { name: `Postular: ${title}` })
    await apply.scrollIntoViewIfNeeded()
    await apply.click()
    const answer = page.getByText('Postulación enviada correctamente.')
    await expect(answer).toBeVisible()
    await expect(detail.getByRole('button', { name: `Retirar postulación: ${title}` })).toBeVisible()

    // «Guardar» is on screen right after applying, without scrolling (the bar is pinned to the bottom).
    const save = detail.getByRole('button', { name: `Guardar: ${title}` })
    await expect(save).toBeInViewport({ ratio: 1 })

    if (jsEnabled) {
      // Spec §9: driver alerts clear after 4 s (here: gone within 6 s of showing).
      await expect(answer).toBeHidden({ timeout: 6_000 })
      // Saving shows its own answer, which leaves the same way.
      await save.click()
      const saved = page.getByText('Publicación guardada.')
      await expect(saved).toBeVisible()
      await expect(detail.getByRole('button', { name: `Quitar de guardadas: ${title}` })).toBeInViewport({ ratio: 1 })
      await expect(saved).toBeHidden({ timeout: 6_000 })
    }
  })
})
