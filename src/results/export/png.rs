//! Charts as PNG: the SVG drawn into a canvas through an `Image` (the CSP allows `img-src blob:`),
//! at twice the size so it stays sharp on a projector, on white like the SVG's ink expects.

use crate::download::download_blob;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, HtmlCanvasElement, HtmlImageElement, Url};

/// Draws `svg` into a canvas and saves it as a PNG.
pub fn download_png(file_name: &str, svg: &str) -> Result<(), JsValue> {
    let (width, height) = svg_size(svg).ok_or("the chart has no size")?;
    let parts = js_sys::Array::of1(&JsValue::from_str(svg));
    let options = BlobPropertyBag::new();
    options.set_type("image/svg+xml");
    let url = Url::create_object_url_with_blob(&Blob::new_with_str_sequence_and_options(
        &parts, &options,
    )?)?;
    let image = HtmlImageElement::new()?;
    let (img, name, src) = (image.clone(), file_name.to_owned(), url.clone());
    let on_load = Closure::once(move || {
        let _ = Url::revoke_object_url(&src);
        if let Err(err) = save_canvas(&img, width, height, name) {
            leptos::logging::warn!("PNG export failed: {err:?}");
        }
    });
    image.set_onload(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    image.set_src(&url);
    Ok(())
}

fn save_canvas(
    image: &HtmlImageElement,
    width: u32,
    height: u32,
    name: String,
) -> Result<(), JsValue> {
    let canvas: HtmlCanvasElement = document().create_element("canvas")?.unchecked_into();
    canvas.set_width(width * 2);
    canvas.set_height(height * 2);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .unchecked_into();
    // Charts have a transparent background on the page; a PNG gets white, like the SVG's ink.
    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, f64::from(width * 2), f64::from(height * 2));
    ctx.draw_image_with_html_image_element_and_dw_and_dh(
        image,
        0.0,
        0.0,
        f64::from(width * 2),
        f64::from(height * 2),
    )?;
    let on_blob = Closure::once(move |blob: JsValue| {
        if let Some(blob) = blob.dyn_ref::<Blob>() {
            let _ = download_blob(&name, blob);
        }
    });
    canvas.to_blob(on_blob.as_ref().unchecked_ref())?;
    on_blob.forget();
    Ok(())
}

/// The `width` and `height` attributes of the root `<svg>` element that plotters writes.
fn svg_size(svg: &str) -> Option<(u32, u32)> {
    let head = &svg[..svg.find('>')?];
    let attr = |name: &str| -> Option<u32> {
        let start = head.find(&format!(" {name}=\""))? + name.len() + 3;
        head[start..].split('"').next()?.parse().ok()
    };
    Some((attr("width")?, attr("height")?))
}
