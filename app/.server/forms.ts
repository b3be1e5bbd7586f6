/** True when the form was sent by the hydrated page (see JsMarker). */
export function fromEnhancedPage(formData: FormData): boolean {
  return formData.get('_js') === '1'
}
